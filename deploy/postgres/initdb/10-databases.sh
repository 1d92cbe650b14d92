#!/usr/bin/env bash
# First start of an empty PostgreSQL volume only (the postgres image runs /docker-entrypoint-initdb.d once): a role and
# a database per application, so that the portal, Strapi and Keycloak cannot read or change each other's data
# (docs/operations.md, "Databases"). Passwords come from the compose environment; changing them later is an
# ALTER ROLE (docs/operations.md, "Secret rotation").
set -euo pipefail

create_database() {
  local name="$1" password="$2"
  if [ -z "$password" ]; then
    echo "10-databases.sh: no password for the role $name" >&2
    exit 1
  fi
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres --no-psqlrc \
    --set name="$name" --set password="$password" <<'SQL'
CREATE ROLE :"name" LOGIN PASSWORD :'password';
CREATE DATABASE :"name" OWNER :"name" ENCODING 'UTF8' TEMPLATE template0;
REVOKE ALL ON DATABASE :"name" FROM PUBLIC;
SQL
}

create_database portal "${POSTGRES_PORTAL_PASSWORD:-}"
create_database strapi "${POSTGRES_STRAPI_PASSWORD:-}"
create_database keycloak "${POSTGRES_KEYCLOAK_PASSWORD:-}"
