import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  findContainerRuntime,
  type RunningBridge,
  startBridge,
  startBridgeFromMeta,
} from '../../src/autostart/index.js';
import { McsError } from '../../src/index.js';
import { createMcpDriver } from '../../src/mcp/index.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/autostart/${name}`, import.meta.url));
const BRIDGE_SERVER = fixture('bridge-server.mjs');
const EVERYTHING = fileURLToPath(
  new URL(
    '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    import.meta.url,
  ),
);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilDead(pid: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} is still alive`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function grandchildOf(bridge: RunningBridge): number {
  return Number(/GRANDCHILD (\d+)/.exec(bridge.output())?.[1]);
}

const bridgeCommand = { command: process.execPath, args: [BRIDGE_SERVER, '{port}'] };
const httpHealth = { type: 'http' as const, url: 'http://{host}:{port}/health' };

let scripts: string;
let fakeRuntime: string;
let engineLessRuntime: string;
const started: RunningBridge[] = [];

/** An executable wrapper around a fixture script, as a container CLI would be on PATH. */
async function executable(name: string, script: string): Promise<string> {
  const path = join(scripts, name);
  await writeFile(path, `#!/bin/sh\nexec "${process.execPath}" "${script}" "$@"\n`);
  await chmod(path, 0o755);
  return path;
}

async function start(...args: Parameters<typeof startBridge>): Promise<RunningBridge> {
  const bridge = await startBridge(...args);
  started.push(bridge);
  return bridge;
}

beforeAll(async () => {
  scripts = await mkdtemp(join(tmpdir(), 'x-mcs-autostart-'));
  fakeRuntime = await executable('fake-runtime', fixture('fake-container-runtime.mjs'));
  engineLessRuntime = await executable('engine-less', fixture('engine-less-runtime.mjs'));
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((bridge) => bridge.close()));
});

afterAll(async () => {
  await rm(scripts, { recursive: true, force: true });
});

describe('startBridge with a command', () => {
  it('gives the command a free port, waits for the health URL and returns the endpoint', async () => {
    const bridge = await start({
      command: { ...bridgeCommand, env: { BRIDGE_MODE: 'on {host}' } },
      endpoint: 'http://{host}:{port}/api',
      health: httpHealth,
    });
    expect(bridge.mode).toBe('command');
    expect(bridge.endpoint).toBe(`http://127.0.0.1:${bridge.port}/api`);
    const info = await (await fetch(bridge.endpoint)).json();
    expect(info).toEqual({ argv: [String(bridge.port)], mode: 'on 127.0.0.1' });
  });

  it('stops the bridge and everything it started on close, leaving no orphan', async () => {
    const bridge = await start({ command: bridgeCommand, health: { type: 'tcp' } });
    const grandchild = grandchildOf(bridge);
    expect(isAlive(bridge.pid) && isAlive(grandchild)).toBe(true);
    await bridge.close();
    await bridge.close();
    expect(isAlive(bridge.pid)).toBe(false);
    await waitUntilDead(grandchild);
  });

  it('kills the bridge when the process that started it exits without closing it', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      fixture('exit-without-close.mjs'),
      BRIDGE_SERVER,
    ]);
    const { pid, grandchild } = JSON.parse(stdout) as { pid: number; grandchild: number };
    await waitUntilDead(pid);
    await waitUntilDead(grandchild);
  });

  it('fails with AUTOSTART_FAILED (exited) and the output tail when the bridge exits early', async () => {
    const rejection = await startBridge({
      command: { command: 'sh', args: ['-c', 'echo "port {port} is taken" >&2; exit 3'] },
    }).catch((error: unknown) => error);
    expect(rejection).toMatchObject({
      code: 'AUTOSTART_FAILED',
      message: 'the bridge exited (3) before it was healthy',
      data: { reason: 'exited', output: expect.stringMatching(/^port \d+ is taken\n$/) },
    });
  });

  it('stops a bridge that is not healthy in time and fails with AUTOSTART_FAILED (unhealthy)', async () => {
    const rejection = await startBridge({
      command: bridgeCommand,
      health: { type: 'http', url: 'http://{host}:{port}/not-ready' },
      startTimeoutMs: 600,
    }).catch((error: unknown) => error);
    expect(rejection).toMatchObject({ code: 'AUTOSTART_FAILED', data: { reason: 'unhealthy' } });
    const grandchild = Number(
      /GRANDCHILD (\d+)/.exec(String((rejection as McsError).data?.output))?.[1],
    );
    await waitUntilDead(grandchild);
  });

  it('fails with AUTOSTART_FAILED (spawn) for a missing executable', async () => {
    await expect(
      startBridge({ command: { command: '/nonexistent/bridge' } }),
    ).rejects.toMatchObject({ code: 'AUTOSTART_FAILED', data: { reason: 'spawn' } });
  });

  it('stops the bridge and rejects with CANCELLED when the start is aborted', async () => {
    const controller = new AbortController();
    const starting = startBridge(
      { command: { command: 'sleep', args: ['30'] }, startTimeoutMs: 10_000 },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 100);
    await expect(starting).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('refuses metadata without a command or a container with CONFIG_INVALID', async () => {
    await expect(startBridge({ endpoint: 'http://{host}:{port}' })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: 'autostart metadata is invalid: needs a command or a container',
    });
    await expect(
      startBridgeFromMeta({ autostart: { command: { command: 'x' }, port: 70_000 } }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(startBridgeFromMeta({})).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});

describe('startBridge with a container image', () => {
  it('runs the image on a usable runtime, published on 127.0.0.1 only, and stops it on close', async () => {
    const bridge = await start(
      {
        container: {
          image: 'example/bookshop:1',
          port: 8080,
          args: ['--listen', '{host}:{port}'],
          env: { PORT: '{port}' },
        },
        command: bridgeCommand,
        health: { type: 'http', url: '{endpoint}/health' },
      },
      { containerRuntimes: [engineLessRuntime, fakeRuntime] },
    );
    expect(bridge.mode).toBe('container');
    expect(bridge.containerName).toMatch(/^x-mcs-bridge-[0-9a-f]{12}$/);
    expect(await (await fetch(bridge.endpoint)).json()).toEqual({
      image: 'example/bookshop:1',
      args: ['--listen', '0.0.0.0:8080'],
      env: { PORT: '8080' },
      host: '127.0.0.1',
      containerPort: 8080,
    });
    await bridge.close();
    await expect(fetch(bridge.endpoint)).rejects.toThrow();
  });

  it('falls back to the command when no runtime has a reachable engine', async () => {
    const bridge = await start(
      { container: { image: 'example/bookshop:1', port: 8080 }, command: bridgeCommand },
      { containerRuntimes: [engineLessRuntime] },
    );
    expect(bridge.mode).toBe('command');
  });

  it('says which runtimes were tried and why when only an image is given', async () => {
    const rejection = await startBridge(
      { container: { image: 'example/bookshop:1', port: 8080 } },
      { containerRuntimes: [engineLessRuntime, '/nonexistent/podman'] },
    ).catch((error: unknown) => error);
    expect(McsError.isInstance(rejection) && rejection.code).toBe('CONTAINER_RUNTIME_UNAVAILABLE');
    expect((rejection as McsError).message).toBe(
      `the bridge needs a container runtime and none is usable (${engineLessRuntime}: the client answered but its engine did not: Cannot connect to the container engine. Is the daemon running?; /nonexistent/podman: not installed)`,
    );
  });

  it('does not count a client whose engine is unreachable as a runtime', async () => {
    const found = await findContainerRuntime([engineLessRuntime, fakeRuntime]);
    expect(found.runtime).toBe(fakeRuntime);
    expect(found.probes.map((probe) => probe.usable)).toEqual([false, true]);
  });
});

describe('startBridge with MCP health', () => {
  it('waits for an MCP initialize at the endpoint, then the MCP driver uses it', async () => {
    const bridge = await start({
      command: {
        command: process.execPath,
        args: [
          '--import',
          pathToFileURL(fixture('loopback-preload.mjs')).href,
          EVERYTHING,
          'streamableHttp',
        ],
        env: { PORT: '{port}' },
      },
      endpoint: 'http://{host}:{port}/mcp',
      health: { type: 'mcp' },
    });
    const driver = await createMcpDriver({ server: { url: bridge.endpoint } });
    try {
      expect(driver.meta.transport).toBe('HTTP');
      expect(
        await driver.processLlmResponse('{"tool": "echo", "arguments": {"message": "over http"}}'),
      ).toEqual({ content: [{ type: 'text', text: 'Echo: over http' }] });
    } finally {
      await driver.close();
    }
  });
});
