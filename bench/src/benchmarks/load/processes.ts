/**
 * The processes of the load benchmark: the built apps over Streamable HTTP
 * on loopback, a private Redis and the round-robin proxy of `@x/test-kit`, each
 * stopped with its whole process group.
 *
 * @module
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { startRedisServer, startRoundRobinProxy } from '@x/test-kit';

/** A running app instance. */
export interface AppInstance {
  /** Its MCP endpoint. */
  readonly url: URL;
  /** Its process id (the leader of its process group). */
  readonly pid: number;
  /** Stops it and its upstreams. */
  stop(): Promise<void>;
}

/** A private redis-server (`startRedisServer` of `@x/test-kit`). */
export interface LoadRedis {
  /** `redis://127.0.0.1:PORT`. */
  readonly url: string;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

/** One address in front of several instances (`startRoundRobinProxy` of `@x/test-kit`). */
export interface LoadProxy {
  /** The proxy's MCP endpoint. */
  readonly url: URL;
  /** Requests sent to each instance. */
  readonly served: number[];
  /** Stops it. */
  close(): Promise<void>;
}

const START_TIMEOUT_MS = 30_000;

/** Ends a detached child's process group (SIGTERM, then SIGKILL after 3 s). */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
  signal('SIGKILL');
}

/**
 * Starts `node <cli> <args> --http 127.0.0.1:0` (with `env` added to ours) in a
 * process group of its own and resolves with the URL it reports on stderr.
 */
export function startApp(
  cli: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<AppInstance> {
  const child = spawn(process.execPath, [cli, ...args, '--http', '127.0.0.1:0'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      void stopGroup(child);
      reject(new Error(`${cli} did not report its URL within ${START_TIMEOUT_MS} ms: ${stderr}`));
    }, START_TIMEOUT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        stderr = '';
        resolve({
          url: new URL(match[1]),
          pid: child.pid as number,
          stop: () => stopGroup(child),
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cli} exited with ${code}: ${stderr}`));
    });
  });
}

/** Starts a private Redis with the test kit's helper. */
export function startLoadRedis(): Promise<LoadRedis> {
  return startRedisServer();
}

/** Starts the test kit's round-robin proxy in front of `targets`. */
export function startLoadProxy(targets: URL[]): Promise<LoadProxy> {
  return startRoundRobinProxy(targets);
}
