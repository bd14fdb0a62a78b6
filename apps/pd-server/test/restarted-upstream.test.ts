/**
 * Issue 31, finding 7: a tool of an upstream that was restarted once, then hangs, answers the
 * upstream's typed TIMEOUT, not "Tool not found". Over a spawned `x-pd wrap` on stdio in front of
 * the official everything server, whose process the test kills and then stops.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  commandLine,
  descendantPids,
  isRunning,
  pollUntil,
  useScratch,
  waitUntilGone,
} from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { text, waitFor } from './fault-helpers.js';
import { BIN, CLI } from './process-helpers.js';

/** The per-call limit of the upstream: a stopped process answers TIMEOUT once it has passed. */
const TIMEOUT_MS = 2_000;
const TOOL = 'everything__echo';
const scratch = useScratch('x-pd-restarted-', { perTest: true });

/** The pid of the everything server `x-pd` (pid `wrapPid`) runs, other than `not`. */
function everythingPid(wrapPid: number, not?: number): Promise<number> {
  return pollUntil(
    () =>
      descendantPids(wrapPid).find(
        (pid) => pid !== not && isRunning(pid) && commandLine(pid).includes('server-everything'),
      ),
    { what: 'the everything server running' },
  );
}

/** Calls the echo tool; the text of the result, or of the error. */
async function echo(client: Client, message: string): Promise<string> {
  try {
    return text(await client.callTool({ name: TOOL, arguments: { message } }));
  } catch (error) {
    return String(error);
  }
}

describe('x-pd wrap and an upstream that hangs after a restart', () => {
  it('answers a call to its known tool with TIMEOUT, not "Tool not found"', async () => {
    const config = join(scratch.folder, 'mcp.json');
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          everything: { command: join(BIN, 'mcp-server-everything'), timeoutMs: TIMEOUT_MS },
        },
      }),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'wrap', '--config', config],
      stderr: 'ignore',
    });
    const client = new Client({ name: 'x-pd-restarted-test', version: '0.0.0' });
    await client.connect(transport);
    scratch.cleanups.push(() => client.close());
    const wrapPid = transport.pid as number;
    await client.readResource({ uri: `resource:///tool_descriptions?tools=${TOOL}` });
    expect(await echo(client, 'one')).toContain('one');

    // Killed: the next calls start it again (the pool reconnects), and it serves.
    const first = await everythingPid(wrapPid);
    process.kill(first, 'SIGKILL');
    await waitUntilGone([first]);
    await waitFor(async () => ((await echo(client, 'two')).includes('two') ? true : undefined));
    const second = await everythingPid(wrapPid, first);

    // Hung: stopped, it reads nothing and answers nothing.
    process.kill(second, 'SIGSTOP');
    scratch.cleanups.push(async () => {
      if (isRunning(second)) process.kill(second, 'SIGCONT');
    });
    expect(await echo(client, 'three')).toMatch(/^Upstream 'everything' failed \(TIMEOUT\): /);
  });
});
