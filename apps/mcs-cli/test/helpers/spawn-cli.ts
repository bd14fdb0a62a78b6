import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built CLI (`pnpm build` first; turbo's test task depends on build). */
export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** What a finished `x-mcs` process left. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `x-mcs` with `args`, writes `stdin` to it, and waits for it to exit. */
export function runBuiltCli(args: readonly string[], stdin = ''): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
