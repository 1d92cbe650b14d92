import { existsSync, readdirSync, statSync } from 'node:fs';
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
 * A build is needed when its artefact is missing or older than any of its sources, so `npm start` builds what is not
 * built yet and nothing more.
 */
export function needsBuild(artefact: string, sources: string[]): boolean {
  if (!existsSync(artefact)) return true;
  return newestMtime(sources) > statSync(artefact).mtimeMs;
}
