/**
 * A private `redis-server` for tests: a free loopback port, a temporary folder, no persistence,
 * stopped by the test. Installs Debian's redis-server first when it is missing (the repository's
 * `scripts/ensure-redis.sh`).
 *
 * @module
 */

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `scripts/ensure-redis.sh` at the repository root (this file is `tooling/test-kit/{src,dist}/redis/`). */
const ENSURE_SCRIPT = fileURLToPath(
  new URL('../../../../scripts/ensure-redis.sh', import.meta.url),
);
const READY = /Ready to accept connections/;
const START_TIMEOUT_MS = 10_000;

/** A private redis-server started by {@link startRedisServer}. */
export interface TestRedisServer {
  /** `redis://127.0.0.1:PORT`. */
  url: string;
  /** The loopback port it listens on. */
  port: number;
  /** Stops it, keeping its port and folder for {@link TestRedisServer.restart}. */
  pause(): Promise<void>;
  /** Stops it if running and starts it again, empty, on the same port. */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

/** Runs scripts/ensure-redis.sh when redis-server is not on the PATH. */
function ensureRedisInstalled(): void {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (found.status === 0) return;
  const installed = spawnSync('bash', [ENSURE_SCRIPT], { encoding: 'utf8', stdio: 'pipe' });
  if (installed.status !== 0) {
    throw new Error(`redis-server is missing and could not be installed: ${installed.stderr}`);
  }
}

/** A port nothing listens on right now (the kernel's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts redis-server on `port` in `dir` and resolves once it accepts connections. */
function launch(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'no',
      '--loglevel',
      'notice',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within ${START_TIMEOUT_MS} ms: ${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume();
        child.stderr.resume();
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${output}`));
    });
  });
}

/** Stops `child` (SIGTERM, SIGKILL after 5 s) and resolves once it has exited. */
function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts a private redis-server on a free 127.0.0.1 port (installing it first when missing). */
export async function startRedisServer(): Promise<TestRedisServer> {
  ensureRedisInstalled();
  const dir = await mkdtemp(join(tmpdir(), 'x-redis-'));
  let child: ChildProcess | undefined;
  let port = 0;
  let lastError: unknown;
  for (let attempt = 0; attempt < 3 && child === undefined; attempt += 1) {
    port = await freePort();
    try {
      child = await launch(port, dir);
    } catch (error) {
      lastError = error;
    }
  }
  if (child === undefined) {
    await rm(dir, { recursive: true, force: true });
    throw lastError;
  }
  let running: ChildProcess = child;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async pause() {
      await terminate(running);
    },
    async restart() {
      await terminate(running);
      running = await launch(port, dir);
    },
    async stop() {
      await terminate(running);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
