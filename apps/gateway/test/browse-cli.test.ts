/**
 * `x-gateway browse` from the build: the cards a model would see for the repository's example
 * configuration (the official everything, filesystem and memory servers), and a bad command
 * line. The MCP end-to-end flows run with MCP Inspector 2 in interop/test/inspector.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const app = fileURLToPath(new URL('..', import.meta.url));
const cli = join(app, 'dist', 'cli.js');
const exampleConfig = join(app, 'examples', 'mcp.json');

describe('x-gateway browse', () => {
  it('prints the cards a model would see, for the example configuration of the repo', async () => {
    const { stdout } = await run(
      process.execPath,
      [cli, 'browse', '--config', exampleConfig, '--path', '/'],
      { timeout: 60_000 },
    );
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      '3 entries. Browse an internal id as a path, or run a tool with tool_execute:',
    );
    expect(lines.slice(1).map((line) => line.split(':')[0])).toEqual([
      '/everything',
      '/filesystem',
      '/memory',
    ]);
  });

  it('exits with status 2 and the usage for a bad command line', async () => {
    const failed = await run(process.execPath, [cli, 'browse', '--config', exampleConfig]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage:') });
  });
});
