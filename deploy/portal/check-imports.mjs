// Run while the portal image is built (bff/Dockerfile): imports every module of the built site and of the compiled
// BFF once, with the production node_modules only, so the build fails when a module needs a package that is not a
// production dependency (one moved to devDependencies that the runtime still uses) instead of a page failing later.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(process.argv[2] ?? '.');
// Entry points start servers or exit; everything they import is imported here anyway.
const entryPoints = new Set(['bff/server.js', 'bff/db/migrate.js']);

function modulesBelow(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return modulesBelow(file);
    return /\.m?js$/.test(name) ? [file] : [];
  });
}

const files = [...modulesBelow(path.join(root, 'dist/server')), ...modulesBelow(path.join(root, 'bff'))].filter(
  (file) => !entryPoints.has(path.relative(root, file)),
);
const failures = [];
for (const file of files) {
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    failures.push(`${path.relative(root, file)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
if (failures.length > 0) {
  console.error(`${failures.length} of ${files.length} modules cannot be loaded with the production dependencies:\n${failures.join('\n')}`);
  process.exit(1);
}
console.info(`${files.length} modules load with the production dependencies.`);
process.exit(0);
