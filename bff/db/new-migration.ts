import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run db:migration -- <name>`: a new migration named by the current UTC time, `YYYYMMDDHHMMSS_<name>.ts`, in
 * bff/db/migrations, with an `up` and a real `down` to fill in (docs/architecture.md, Conventions).
 */
const name = process.argv[2] ?? '';
if (!/^[a-z][a-z0-9_]{2,60}$/.test(name)) {
  console.error('Aufruf: npm run db:migration -- <name>   (klein, mit Unterstrichen, z. B. add_refunds)');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', `${stamp}_${name}.ts`);
mkdirSync(path.dirname(file), { recursive: true });
if (existsSync(file)) {
  console.error(`${file} gibt es schon.`);
  process.exit(1);
}
writeFileSync(
  file,
  `import type { Knex } from 'knex';

/** TODO: what this migration is for (the capability and its docs/<area>.md). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('${name}', (t) => {
    t.bigIncrements('id');
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('${name}');
}
`,
);
console.info(path.relative(process.cwd(), file));
