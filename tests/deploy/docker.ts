import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: docker-compose.yml's folder, the project directory of every compose call. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Builds use Docker's classic builder, as deploy/base-images/build.sh does: it works with Debian's docker.io 20.10 and
 * with a newer CLI that has no buildx; compose hands its builds to that CLI.
 */
const dockerEnv = { ...process.env, DOCKER_BUILDKIT: '0', COMPOSE_DOCKER_CLI_BUILD: '1' };

/** Runs a command to its end; never throws for a non-zero exit (callers decide). */
export function run(command: string, args: string[], options: { input?: Buffer | string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd: root, maxBuffer: 256 * 1024 * 1024, timeout: options.timeoutMs ?? 0, env: options.env ?? dockerEnv, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr: error && !stderr ? error.message : stderr });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Like `run`, but a non-zero exit throws with the command's last output. */
export async function must(command: string, args: string[], options: Parameters<typeof run>[2] = {}): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-60).join('\n');
    throw new Error(`${command} ${args.join(' ')} failed (${result.code}):\n${output}`);
  }
  return result.stdout;
}

/** Streams a command's output to a file descriptor-less sink and answers its exit code and combined output. */
export function runBinaryOut(command: string, args: string[]): Promise<{ code: number; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: dockerEnv });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(chunks), stderr }));
  });
}

/** Answers why no Docker engine can be used, or undefined when `docker info` answers. */
export async function dockerProblem(): Promise<string | undefined> {
  const info = await run('docker', ['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 15_000 });
  if (info.code !== 0) {
    return `No Docker engine answers (docker info: ${info.stderr.trim().split('\n').pop() ?? 'no output'}). Start one, e.g. \`dockerd --iptables=false --bridge=none &\` (.ci/run does), or see docs/operations.md "The deployment test".`;
  }
  const compose = await run('docker-compose', ['version', '--short'], { timeoutMs: 15_000 });
  if (compose.code !== 0) return 'docker-compose is missing (Debian: apt-get install docker-compose).';
  return undefined;
}

export interface ContainerState {
  id: string;
  name: string;
  service: string;
  status: string;
  health: string | undefined;
  /** The last health check's output, when it failed. */
  healthOutput: string | undefined;
  exitCode: number;
}

export async function inspect(ids: string[]): Promise<ContainerState[]> {
  if (ids.length === 0) return [];
  const containers = JSON.parse(await must('docker', ['inspect', ...ids])) as {
    Id: string;
    Name: string;
    Config: { Labels: Record<string, string> };
    State: { Status: string; ExitCode: number; Health?: { Status: string; Log?: { ExitCode: number; Output: string }[] } };
  }[];
  return containers.map((c) => ({
    id: c.Id,
    name: c.Name.replace(/^\//, ''),
    service: c.Config.Labels['com.docker.compose.service'] ?? '',
    status: c.State.Status,
    health: c.State.Health?.Status,
    healthOutput: c.State.Health?.Log?.filter((entry) => entry.ExitCode !== 0).pop()?.Output.trim(),
    exitCode: c.State.ExitCode,
  }));
}

/** Image size in bytes. */
export async function imageSize(tag: string): Promise<number> {
  return Number((await must('docker', ['image', 'inspect', '--format', '{{.Size}}', tag])).trim());
}
