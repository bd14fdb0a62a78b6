import { getEventListeners } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreError } from '../../src/errors.js';
import { createUpstream, type Upstream } from '../../src/upstreams/index.js';
import { firstText, fixturePath, isAlive, nodeServer, rejection } from './helpers.js';

const TOOLS_SERVER = fixturePath('tools-server.mjs');
const opened: Upstream[] = [];
const folders: string[] = [];

function open(...args: Parameters<typeof createUpstream>): Upstream {
  const upstream = createUpstream(...args);
  opened.push(upstream);
  return upstream;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((upstream) => upstream.close()));
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

async function echo(upstream: Upstream, text: string): Promise<string> {
  return firstText(await upstream.callTool('echo', { text }));
}

describe('an upstream over stdio', () => {
  it('connects lazily, reports the server and calls a tool', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    expect(upstream.status).toBe('idle');
    expect(upstream.pid).toBeUndefined();
    expect(await echo(upstream, 'hello')).toBe('hello');
    expect(upstream.status).toBe('ready');
    expect(upstream.serverInfo()?.name).toBe('tools-fixture');
    expect(upstream.serverCapabilities()?.tools).toBeDefined();
    expect(upstream.pid).toBeTypeOf('number');
  });

  it('times out a call that never answers, cancels it upstream and keeps serving', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    await upstream.connect();
    const startedAt = Date.now();
    const error = await rejection(upstream.callTool('hang', {}, { timeoutMs: 300 }));
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(CoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect(error.message).toContain('upstream "tools"');
    expect(await echo(upstream, 'still here')).toBe('still here');
    const stats = JSON.parse(firstText(await upstream.callTool('stats', {})));
    expect(stats.cancelled).toBe(1);
  });

  it("uses the config's timeoutMs when the call sets none", async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER, { timeoutMs: 250 }), {
      stderr: 'ignore',
      connectTimeoutMs: 10_000,
    });
    await upstream.connect();
    const error = await rejection(upstream.callTool('hang', {}));
    expect(error).toMatchObject({ code: 'TIMEOUT', data: { timeoutMs: 250 } });
  });

  it('gives the first call its whole timeoutMs once a server slower to start than that is up', async () => {
    const upstream = open(
      'tools',
      nodeServer(TOOLS_SERVER, { timeoutMs: 1_500, env: { FIXTURE_START_DELAY_MS: '3000' } }),
      { stderr: 'ignore', connectTimeoutMs: 20_000 },
    );
    expect(await echo(upstream, 'late but here')).toBe('late but here');
    const error = await rejection(upstream.callTool('hang', {}));
    expect(error).toMatchObject({ code: 'TIMEOUT', data: { timeoutMs: 1_500 } });
  });

  it('cancels a call through an AbortSignal and tells the server', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    await upstream.connect();
    const controller = new AbortController();
    const call = upstream.callTool('hang', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(call);
    expect(error).toMatchObject({ code: 'CANCELLED', retryable: false });
    const stats = JSON.parse(firstText(await upstream.callTool('stats', {})));
    expect(stats.cancelled).toBe(1);
    const early = await rejection(
      upstream.callTool('echo', { text: 'x' }, { signal: AbortSignal.abort() }),
    );
    expect(early).toMatchObject({ code: 'CANCELLED' });
  });

  it('cancels through a signal shared by many calls, which keeps at most one listener', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    await upstream.connect();
    const controller = new AbortController();
    for (let call = 0; call < 20; call += 1) {
      const result = await upstream.callTool(
        'echo',
        { text: `${call}` },
        {
          signal: controller.signal,
        },
      );
      expect(firstText(result)).toBe(`${call}`);
    }
    expect(getEventListeners(controller.signal, 'abort').length).toBeLessThanOrEqual(1);
    const call = upstream.callTool('hang', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await rejection(call)).toMatchObject({ code: 'CANCELLED' });
    const stats = JSON.parse(firstText(await upstream.callTool('stats', {})));
    expect(stats.cancelled).toBe(1);
  });

  it('fails the call in flight as UNAVAILABLE when the process dies, then reconnects', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    expect(await echo(upstream, 'before')).toBe('before');
    const firstPid = upstream.pid as number;
    const error = await rejection(upstream.callTool('crash', {}));
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(upstream.status).toBe('reconnecting');
    expect(isAlive(firstPid)).toBe(false);
    expect(await echo(upstream, 'after')).toBe('after');
    expect(upstream.status).toBe('ready');
    expect(upstream.pid).not.toBe(firstPid);
  });

  it('recovers when the process is killed from outside', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    await echo(upstream, 'before');
    process.kill(upstream.pid as number, 'SIGKILL');
    await vi.waitFor(() => expect(upstream.status).toBe('reconnecting'), { timeout: 3_000 });
    expect(await echo(upstream, 'after')).toBe('after');
  });

  it('backs off after failed reconnects, fails fast meanwhile, and gives up after maxAttempts', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'x-upstreams-'));
    folders.push(folder);
    const flag = join(folder, 'fail');
    const upstream = open('tools', nodeServer(TOOLS_SERVER, { env: { FIXTURE_FAIL_FLAG: flag } }), {
      stderr: 'ignore',
      reconnect: { initialDelayMs: 150, maxDelayMs: 150, maxAttempts: 3 },
    });
    await echo(upstream, 'up');
    await writeFile(flag, '');
    await rejection(upstream.callTool('crash', {}));

    // The healthy connection died: the next call tries at once, and that attempt fails.
    const failedAttempt = await rejection(echo(upstream, 'x'));
    expect(failedAttempt).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    // Within the backoff window the call fails fast without spawning anything.
    const startedAt = Date.now();
    const fast = await rejection(echo(upstream, 'x'));
    expect(Date.now() - startedAt).toBeLessThan(100);
    expect(fast).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect((fast.data as { retryInMs: number }).retryInMs).toBeGreaterThan(0);
    expect(upstream.pid).toBeUndefined();

    // Two more failed attempts reach maxAttempts: the upstream gives up.
    await vi.waitFor(
      async () => {
        await rejection(echo(upstream, 'x'));
        expect(upstream.status).toBe('failed');
      },
      { timeout: 3_000, interval: 50 },
    );
    const gaveUp = await rejection(echo(upstream, 'x'));
    expect(gaveUp).toMatchObject({ code: 'UNAVAILABLE', retryable: false });
    expect(gaveUp.message).toContain('connect()');

    // An explicit connect() tries again at once.
    await rm(flag);
    await upstream.connect();
    expect(await echo(upstream, 'back')).toBe('back');
  });

  it('tells listeners about list_changed and lists the new tool', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    const before = (await upstream.listTools()).map((tool) => tool.name);
    expect(before).not.toContain('fresh');
    const kinds: string[] = [];
    upstream.onListChanged((kind) => kinds.push(kind));
    await upstream.callTool('add_tool', { name: 'fresh' });
    await vi.waitFor(() => expect(kinds).toContain('tools'), { timeout: 3_000 });
    const after = (await upstream.listTools()).map((tool) => tool.name);
    expect(after).toContain('fresh');
  });

  it('tells listeners to refresh after a reconnect', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    await echo(upstream, 'x');
    const kinds: string[] = [];
    const unsubscribe = upstream.onListChanged((kind) => kinds.push(kind));
    await rejection(upstream.callTool('crash', {}));
    await echo(upstream, 'y');
    expect(kinds).toEqual(['tools']);
    unsubscribe();
    await rejection(upstream.callTool('crash', {}));
    await echo(upstream, 'z');
    expect(kinds).toEqual(['tools']);
  });

  it('applies include and exclude to listing and calling', async () => {
    const upstream = open(
      'tools',
      nodeServer(TOOLS_SERVER, { include: ['echo', 'stats', 'crash'], exclude: ['crash'] }),
      { stderr: 'ignore' },
    );
    const names = (await upstream.listTools()).map((tool) => tool.name);
    expect(names).toEqual(['echo', 'stats']);
    const hidden = await rejection(upstream.callTool('crash', {}));
    expect(hidden).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(upstream.status).toBe('ready');
  });

  it('answers empty lists for what the server does not offer', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    expect(await upstream.listResources()).toEqual([]);
    expect(await upstream.listResourceTemplates()).toEqual([]);
    expect(await upstream.listPrompts()).toEqual([]);
  });

  it('classifies a command that cannot start as UNAVAILABLE and names no path', async () => {
    const upstream = open(
      'missing',
      { type: 'stdio', command: '/nonexistent/x-upstream-bin' },
      {
        stderr: 'ignore',
      },
    );
    const error = await rejection(upstream.connect());
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(error.message).not.toContain('/nonexistent');
  });

  it('pipes stderr to onStderr', async () => {
    const lines: string[] = [];
    const upstream = open(
      'stderr',
      {
        type: 'stdio',
        command: process.execPath,
        args: ['-e', 'console.error("boom"); process.exit(2)'],
      },
      { stderr: 'pipe', onStderr: (text, name) => lines.push(`${name}:${text}`) },
    );
    await rejection(upstream.connect());
    expect(lines.join('')).toContain('stderr:boom');
  });

  it('ends the child process when closed mid-call; the call fails with CLOSED', async () => {
    const upstream = open('tools', nodeServer(TOOLS_SERVER), { stderr: 'ignore' });
    await upstream.connect();
    const pid = upstream.pid as number;
    const call = rejection(upstream.callTool('hang', {}));
    // Requests are handled in order: once stats answers, the server is inside hang.
    await upstream.callTool('stats', {});
    await upstream.close();
    expect(await call).toMatchObject({ code: 'CLOSED' });
    expect(isAlive(pid)).toBe(false);
    expect(upstream.status).toBe('closed');
    expect(await rejection(upstream.listTools())).toMatchObject({ code: 'CLOSED' });
  });

  it('ends the child process when closed while connecting, even one that ignores stdin', async () => {
    const upstream = open(
      'slow',
      // Pinned to the 2025 handshake: with the probe, a sibling process would answer first.
      {
        ...nodeServer(TOOLS_SERVER, { env: { FIXTURE_START_DELAY_MS: '20000' } }),
        protocol: 'legacy',
      },
      {
        stderr: 'ignore',
        closeGraceMs: 200,
      },
    );
    const connecting = rejection(upstream.connect());
    await vi.waitFor(() => expect(upstream.pid).toBeTypeOf('number'), { timeout: 3_000 });
    const pid = upstream.pid as number;
    expect(upstream.status).toBe('connecting');
    const closingAt = Date.now();
    await upstream.close();
    expect(Date.now() - closingAt).toBeLessThan(1_500);
    expect(await connecting).toMatchObject({ code: 'CLOSED' });
    expect(isAlive(pid)).toBe(false);
  });

  it('rejects a bad name, config or option with a typed error', () => {
    expect(() => createUpstream('bad name', nodeServer(TOOLS_SERVER))).toThrow(CoreError);
    expect(() => createUpstream('ok', { type: 'stdio', command: '' })).toThrowError(
      /field "command": must not be empty/,
    );
    expect(() =>
      createUpstream('ok', nodeServer(TOOLS_SERVER), { reconnect: { maxAttempts: 0 } }),
    ).toThrowError(/maxAttempts/);
  });
});
