import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');

/** The features' source files (tests may spell an address as the input they check). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(astro|ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the features and the contracts path constants', () => {
  it('spell no API or page address: actions and links come from bff/contracts', () => {
    const files = sourceFiles(featuresDir);
    expect(files.length).toBeGreaterThan(50);
    const spelled = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`](\/api\/v\d|\/home\/)[^'"`\n]*/g)].map((match) => `${path.relative(featuresDir, file)}: ${match[0]}`),
    );
    expect(spelled).toEqual([]);
  });
});
