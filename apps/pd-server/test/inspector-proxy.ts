/**
 * The MCP Inspector's own proxy server (`@modelcontextprotocol/inspector-server` 0.15.0) for
 * end-to-end tests: the process the Inspector UI talks to, which holds one MCP session per
 * client session. The Inspector CLI runs one method per process (a new session each time); a
 * client of this proxy keeps one session across many calls, as the Inspector UI does.
 *
 * What the proxy reads (its `build/index.js`): `PORT` and `HOST` to listen on, `MCP_PROXY_TOKEN`
 * as the token every request must carry in `X-MCP-Proxy-Auth: Bearer <token>` (auth stays on),
 * and an origin check that refuses a request whose `Origin` header is not the Inspector UI's;
 * the SDK client sends no `Origin`, so the check stays at its defaults. `/mcp` takes the target
 * in its query: `transportType=stdio&command=...&args=...` (arguments parsed as a shell line)
 * or `transportType=streamable-http&url=...`.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** The proxy's entry point, resolved from this app's dev dependencies. */
const PROXY_ENTRY = join(
  dirname(
    createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-server/package.json'),
  ),
  'build',
  'index.js',
);

/** What the proxy connects a session to. */
export type InspectorTarget =
  | {
      /** Spawn `command args` and speak MCP over its stdio. */
      transport: 'stdio';
      command: string;
      args: readonly string[];
      /** Extra environment of the spawned command. */
      env?: Readonly<Record<string, string>>;
    }
  | {
      /** Connect to a Streamable HTTP server. */
      transport: 'streamable-http';
      url: URL;
    };

/** One MCP session held by the proxy, and the SDK client that drives it. */
export interface InspectorSession {
  readonly client: Client;
  /** Ends the session (deleting it at an HTTP upstream) and closes the client. */
  close(): Promise<void>;
}

/** A running Inspector proxy. */
export interface InspectorProxy {
  /** Where it listens, e.g. `http://127.0.0.1:40123`. */
  readonly origin: string;
  /** Opens a new MCP session through the proxy to `target`. */
  connect(target: InspectorTarget): Promise<InspectorSession>;
  /** Stops the proxy and everything it spawned (its process group), waiting until all are gone. */
  stop(): Promise<void>;
}

/** Quotes `argument` for the shell-style parser the proxy applies to `args`. */
function shellQuote(argument: string): string {
  return `'${argument.replaceAll("'", `'\\''`)}'`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the process group led by `child` (it must have been spawned `detached`): SIGTERM, then
 * SIGKILL for what is left after `graceMs`. Resolves, once no process of the group remains,
 * with the exit code of `child` (`null` when a signal ended it).
 */
export async function stopProcessGroup(
  child: ChildProcess,
  graceMs = 3_000,
): Promise<number | null> {
  const pid = child.pid;
  if (pid === undefined) return child.exitCode;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await exited;
  return child.exitCode;
}

function spawnProxy(port: number, token: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, [PROXY_ENTRY], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), MCP_PROXY_TOKEN: token },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`listening on 127.0.0.1:${port}`)) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`the inspector proxy exited with ${code}: ${output}`)),
    );
  });
}

/**
 * Starts the Inspector proxy on a free loopback port with a random proxy token, in a process
 * group of its own so that {@link InspectorProxy.stop} also ends the servers it spawned.
 * `env` is the proxy's environment, which stdio targets inherit (default `process.env`).
 */
export async function startInspectorProxy(
  env: NodeJS.ProcessEnv = process.env,
): Promise<InspectorProxy> {
  const token = randomBytes(32).toString('hex');
  let child: ChildProcess | undefined;
  let port = 0;
  // Another process may take the free port between the check and the proxy's listen: retry.
  for (let attempt = 0; child === undefined; attempt += 1) {
    port = await freePort();
    try {
      child = await spawnProxy(port, token, env);
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('PORT IS IN USE')) throw error;
    }
  }
  const proxy = child;
  const origin = `http://127.0.0.1:${port}`;
  const sessions = new Set<InspectorSession>();
  return {
    origin,
    async connect(target) {
      const url = new URL('/mcp', origin);
      url.searchParams.set('transportType', target.transport);
      if (target.transport === 'stdio') {
        url.searchParams.set('command', target.command);
        url.searchParams.set('args', target.args.map(shellQuote).join(' '));
        if (target.env !== undefined) url.searchParams.set('env', JSON.stringify(target.env));
      } else {
        url.searchParams.set('url', target.url.href);
      }
      const transport = new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { 'X-MCP-Proxy-Auth': `Bearer ${token}` } },
      });
      const client = new Client({ name: 'inspector-proxy-test', version: '0.0.0' });
      await client.connect(transport);
      const session: InspectorSession = {
        client,
        async close() {
          sessions.delete(session);
          // The proxy forwards a DELETE to an HTTP upstream; over stdio it has no session to end.
          if (target.transport === 'streamable-http') {
            await transport.terminateSession().catch(() => {});
          }
          await client.close();
        },
      };
      sessions.add(session);
      return session;
    },
    async stop() {
      for (const session of [...sessions]) await session.close().catch(() => {});
      await stopProcessGroup(proxy);
    },
  };
}
