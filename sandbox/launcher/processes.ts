import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { prettyFactory } from 'pino-pretty';

const COLOURS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m'];
let nextColour = 0;

/**
 * The portal's JSON log lines as people read them locally (time, level, message, fields on one line; an error's
 * stack below it). Production keeps the JSON (docs/observability.md); only the launcher's terminal output changes.
 */
const pretty = prettyFactory({
  colorize: Boolean(process.stdout.isTTY),
  singleLine: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname',
});

/** Formats a pino JSON line for people; any other line is left as it is. */
export function readableLine(line: string): string {
  return line.startsWith('{"level":') ? pretty(line).trimEnd() : line;
}

/** Writes every line of a stream with a fixed-width, coloured `[name]` prefix. */
export function prefixer(name: string): (line: string) => void {
  const colour = process.stdout.isTTY ? COLOURS[nextColour++ % COLOURS.length] : '';
  const reset = colour ? '\x1b[0m' : '';
  const prefix = `${colour}[${name.padEnd(7)}]${reset} `;
  return (line) => process.stdout.write(`${prefix}${readableLine(line).replaceAll('\n', `\n${prefix}`)}\n`);
}

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

/** Starts a child with prefixed output; `stop()` sends SIGTERM and, after the timeout, SIGKILL. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv },
): ManagedProcess {
  const log = prefixer(name);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: Ctrl-C in the terminal reaches only the launcher, which stops children in order.
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) readline.createInterface({ input: stream }).on('line', log);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    name,
    child,
    exited,
    async stop(timeoutMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        log(`stoppt nicht nach ${timeoutMs / 1000} s, wird beendet`);
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      }, timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion (used for builds); rejects on a non-zero exit. */
export async function run(name: string, command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  const proc = startProcess(name, command, args, options);
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${name}: ${command} ${args.join(' ')} endete mit Code ${code}`);
}

/** Polls an HTTP URL until it answers with one of the accepted statuses, or the process exits. */
export async function waitForHttp(
  url: string,
  options: { timeoutMs: number; accept?: (status: number) => boolean; process?: ManagedProcess },
): Promise<void> {
  const accept = options.accept ?? ((status) => status >= 200 && status < 300);
  const deadline = Date.now() + options.timeoutMs;
  let exited = false;
  void options.process?.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${options.process?.name} hat sich beendet, bevor ${url} erreichbar war`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (accept(response.status)) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} war nach ${options.timeoutMs / 1000} s nicht erreichbar`);
}
