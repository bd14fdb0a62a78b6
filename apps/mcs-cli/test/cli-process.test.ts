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

  it('serves the demo until SIGTERM, then exits 0', async () => {
    const child = spawn(process.execPath, [CLI, 'serve-demo', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let output = '';
      const origin = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /demo service on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.once('exit', () => reject(new Error(`exited early: ${output}`)));
      });
      expect(output).toContain(`petstore  ${origin}/v2`);
      expect((await fetch(`${origin}/v1/health`)).status).toBe(200);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});
