// @ts-check
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
 *
 * The SDK classes come from the caller, and the proxy is resolved from the caller's module
 * (`resolveFrom`): nothing here depends on where the repository's packages are installed.
 */

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

/** @param {string} argument Quoted for the shell-style parser the proxy applies to `args`. */
function shellQuote(argument) {
  return `'${argument.replaceAll("'", `'\\''`)}'`;
}

/** @returns {Promise<number>} */
function freePort() {
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

/** @param {number} pid */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the process group led by `child` (spawned `detached`): SIGTERM, then SIGKILL for what is
 * left after `graceMs`; resolves once no process of the group remains.
 *
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [graceMs]
 * @returns {Promise<number | null>}
 */
export async function stopProcessGroup(child, graceMs = 3_000) {
  const pid = child.pid;
  if (pid === undefined) return child.exitCode;
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', () => resolve(undefined)));
  /** @param {NodeJS.Signals} name */
  const signal = (name) => {
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

/**
 * @param {string} entry
 * @param {number} port
 * @param {string} token
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
function spawnProxy(entry, port, token, env) {
  const child = spawn(process.execPath, [entry], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), MCP_PROXY_TOKEN: token },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk.toString();
      if (output.includes(`listening on 127.0.0.1:${port}`)) resolve(child);
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`the inspector proxy exited with ${code}: ${output}`)),
    );
  });
}

/**
 * Starts the Inspector proxy on a free loopback port with a random proxy token, in a process
 * group of its own so that `stop()` also ends the servers it spawned.
 *
 * @param {import('./inspector-proxy.d.mts').InspectorProxyOptions<any, any>} options
 */
export async function startInspectorProxy(options) {
  const { Client, Transport } = options;
  const entry = join(
    dirname(
      createRequire(options.resolveFrom).resolve(
        '@modelcontextprotocol/inspector-server/package.json',
      ),
    ),
    'build',
    'index.js',
  );
  const env = options.env ?? process.env;
  const token = randomBytes(32).toString('hex');
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let port = 0;
  // Another process may take the free port between the check and the proxy's listen: retry.
  for (let attempt = 0; child === undefined; attempt += 1) {
    port = await freePort();
    try {
      child = await spawnProxy(entry, port, token, env);
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('PORT IS IN USE')) throw error;
    }
  }
  const proxy = child;
  const origin = `http://127.0.0.1:${port}`;
  /** @type {Set<{ close(): Promise<void> }>} */
  const sessions = new Set();
  return {
    origin,
    /** @param {import('./inspector-proxy.d.mts').InspectorTarget} target */
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
      const transport = new Transport(url, {
        requestInit: { headers: { 'X-MCP-Proxy-Auth': `Bearer ${token}` } },
      });
      const client = new Client({ name: 'inspector-proxy-test', version: '0.0.0' });
      await client.connect(transport);
      const session = {
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
