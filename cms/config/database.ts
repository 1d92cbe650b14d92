import type { Core } from '@strapi/strapi';
import { databaseUrl } from './lib/secrets';

function parseDatabaseUrl(value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol === 'postgres:' || url.protocol === 'postgresql:') return url;
  } catch {
    // reported below without echoing the value, which carries a password
  }
  throw new Error('[cms config] CMS_DATABASE_URL must be a postgres:// connection URL.');
}

// PostgreSQL only (local: the launcher's embedded Postgres; production: a managed one). No SQLite fallback.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database<'postgres'> => {
  const connectionString = databaseUrl();
  const url = parseDatabaseUrl(connectionString);
  return {
    connection: {
      client: 'postgres',
      connection: {
        // pg reads connectionString (including query options such as sslmode); the split fields satisfy
        // Strapi's config type and name the database in Strapi's start-up banner.
        connectionString,
        host: url.hostname,
        port: Number(url.port || 5432),
        database: decodeURIComponent(url.pathname.replace(/^\//, '')),
        user: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        ssl: env.bool('DATABASE_SSL', false)
          ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
          : false,
      },
      pool: { min: 0, max: 5 },
      acquireConnectionTimeout: 60000,
    },
  };
};

export default config;
