import { existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time below the given paths (files or folders), skipping build output and dependencies. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        visit(path.join(p, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

/**
 * A build is needed when its stamp is missing or older than any of its sources, so `npm start` builds what is not
 * built yet and nothing more. The stamp is written by `markBuilt` once the build has succeeded: a build's own output
 * is written while it runs, so a build stopped half-way (Ctrl-C, a killed bench) left files newer than the sources,
 * and the next start ran a broken site ("Invalid URL" from Astro's manifest) instead of building it again.
 */
export function needsBuild(stamp: string, sources: string[]): boolean {
  if (!existsSync(stamp)) return true;
  return newestMtime(sources) > statSync(stamp).mtimeMs;
}

/** Records a finished build (see `needsBuild`). */
export function markBuilt(stamp: string): void {
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

/** The compiled BFF (`npm run build:bff`, tsconfig.build.json): dist/node mirrors the repository like /app in the image. */
export const COMPILED_BFF = 'dist/node';

/**
 * Puts beside the compiled BFF what the image puts beside it (bff/Dockerfile): the built site (dist/server,
 * dist/client) and the PDF fonts, read from beside their module. Symbolic links, so a new site build needs nothing more.
 */
export function linkImageLayout(root: string) {
  const compiled = path.join(root, COMPILED_BFF);
  const links: [string, string][] = [
    ['dist/server', 'dist/server'],
    ['dist/client', 'dist/client'],
    ['bff/domain/pdf/fonts', 'bff/domain/pdf/fonts'],
  ];
  for (const [at, target] of links) {
    const link = path.join(compiled, at);
    if (existsSync(link)) continue;
    rmSync(link, { force: true });
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.relative(path.dirname(link), path.join(root, target)), link);
  }
}
