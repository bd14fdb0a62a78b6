/**
 * End to end with a client nobody on this project wrote: the MCP Inspector CLI (0.15.0),
 * one method per invocation, against `x-cash demo` over stdio.
 */

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { BIN, CLI, text } from './helpers.js';

const run = promisify(execFile);

async function inspect(args: string[]): Promise<CallToolResult> {
  const { stdout } = await run(
    join(BIN, 'mcp-inspector'),
    ['--cli', process.execPath, CLI, 'demo', '--method', 'tools/call', ...args],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout) as CallToolResult;
}

describe('MCP Inspector CLI against x-cash demo', () => {
  it('goes through help, call, a gated call, the suggested sizelimit and a skill', async () => {
    const index = await inspect(['--tool-name', 'help']);
    expect(text(index)).toContain('- **orders** — ');
    const orders = await inspect(['--tool-name', 'help', '--tool-arg', 'namespace=orders']);
    expect(text(orders)).toContain('- **list** — ');
    const check = await inspect([
      '--tool-name',
      'call',
      '--tool-arg',
      'namespace=inventory',
      'function=check',
      'kwargs={"product_id":"P-2","quantity":1}',
    ]);
    expect(JSON.parse(text(check))).toMatchObject({ available: true });
    const gated = await inspect([
      '--tool-name',
      'call',
      '--tool-arg',
      'namespace=orders',
      'function=list',
    ]);
    expect(text(gated)).toContain('**Gated:**');
    const sizelimit = /sizelimit=(\d+)/.exec(text(gated))?.[1];
    const full = await inspect([
      '--tool-name',
      'call',
      '--tool-arg',
      'namespace=orders',
      'function=list',
      `sizelimit=${sizelimit}`,
    ]);
    expect(JSON.parse(text(full)).count).toBe(5000);
    const skill = await inspect([
      '--tool-name',
      'skill',
      '--tool-arg',
      'namespace=orders',
      'skillname=createorderwithcheck',
      'kwargs={"customer_id":"C-9"}',
    ]);
    expect(text(skill)).toContain('customer C-9');
  });
});
