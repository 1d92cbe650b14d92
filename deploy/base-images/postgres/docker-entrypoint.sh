#!/usr/bin/env bash
# The part of the official postgres image's entrypoint the project relies on (deploy/base-images/build.sh).
set -Eeo pipefail

if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi

if [ "$1" = 'postgres' ] && [ "$(id -u)" = '0' ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 00700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
fi

if [ "$1" = 'postgres' ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ] && [ "${POSTGRES_HOST_AUTH_METHOD:-}" != 'trust' ]; then
    echo 'error: database is uninitialized and superuser password is not specified (POSTGRES_PASSWORD)' >&2
    exit 1
  fi
  export POSTGRES_USER="${POSTGRES_USER:-postgres}"
  export POSTGRES_DB="${POSTGRES_DB:-$POSTGRES_USER}"
  auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
  # shellcheck disable=SC2086
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "${POSTGRES_PASSWORD:-}") ${POSTGRES_INITDB_ARGS:-} >/dev/null
  printf '\nhost all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"

  # A server on the socket only while the init scripts run.
  PGUSER="$POSTGRES_USER" pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -p 5432" -w start >/dev/null
  psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)
  if [ "$POSTGRES_DB" != 'postgres' ]; then
    "${psql[@]}" --dbname postgres --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";' >/dev/null
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh)
        if [ -x "$f" ]; then echo "$0: running $f"; "$f"; else echo "$0: sourcing $f"; . "$f"; fi ;;
      *.sql) echo "$0: running $f"; "${psql[@]}" --dbname "$POSTGRES_DB" -f "$f"; echo ;;
      *.sql.gz) echo "$0: running $f"; gunzip -c "$f" | "${psql[@]}" --dbname "$POSTGRES_DB"; echo ;;
      *) [ -e "$f" ] && echo "$0: ignoring $f" ;;
    esac
  done
  PGUSER="$POSTGRES_USER" pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
