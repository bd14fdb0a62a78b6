import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CLI, runBuiltCli } from './helpers/spawn-cli.js';

describe('the x-mcs executable', () => {
  it('exits 2 on a usage error', async () => {
    const run = await runBuiltCli(['exec']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('give a driver');
  });

  /** Starts `serve-demo` with `stdin` and resolves with the child and its origin once it serves. */
  async function startDemo(stdin: 'ignore' | 'pipe') {
    const child = spawn(process.execPath, [CLI, 'serve-demo', '--port', '0'], {
      stdio: [stdin, 'pipe', 'inherit'],
    });
    let output = '';
    const origin = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /demo service on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`exited early: ${output}`)));
    }).catch((error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    });
    return { child, origin, output };
  }

  it('serves the demo until SIGTERM, then exits 0', async () => {
    const { child, origin, output } = await startDemo('ignore');
    try {
      expect(output).toContain(`petstore  ${origin}/v2`);
      expect((await fetch(`${origin}/v1/health`)).status).toBe(200);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  it('exits 0 when the process that started it through a pipe closes its stdin', async () => {
    const { child, origin } = await startDemo('pipe');
    try {
      expect((await fetch(`${origin}/v1/health`)).status).toBe(200);
      const exited = once(child, 'exit');
      child.stdin?.end();
      expect(await exited).toEqual([0, null]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
