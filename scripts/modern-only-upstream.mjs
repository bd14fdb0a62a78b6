/**
 * The 2026-07-28-only upstream of ./modern-only-server.mjs for the tests of every consumer of
 * `@x/core/upstreams` (gateway, CaSH aggregator, progressive-disclosure proxy, MCS MCP driver):
 * its stdio command line, and a way to start it over Streamable HTTP.
 */

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Absolute path of the fixture server. */
export const MODERN_ONLY_SERVER = fileURLToPath(
  new URL('./modern-only-server.mjs', import.meta.url),
);

/**
 * The fixture as an `mcpServers` entry over `transport`: over stdio, a command line with this
 * very node binary (the consumer spawns it); over HTTP, a running server's URL (stop it with
 * `close`).
 */
export async function startModernOnly(transport) {
  if (transport === 'stdio') {
    return {
      entry: { type: 'stdio', command: process.execPath, args: [MODERN_ONLY_SERVER] },
      close: async () => {},
    };
  }
  const server = await startModernOnlyHttp();
  return { entry: { type: 'http', url: server.url.href }, close: server.close };
}

/** Starts the fixture over Streamable HTTP and resolves once it listens. */
export function startModernOnlyHttp() {
  return startHttpFixture(MODERN_ONLY_SERVER, ['http']);
}

/**
 * Starts a fixture script that serves Streamable HTTP on 127.0.0.1 and prints
 * `FIXTURE_LISTENING <port>` on stderr; resolves with its `/mcp` URL and a way to stop it.
 */
export function startHttpFixture(script, args = []) {
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onExit = () => reject(new Error(`the fixture ${script} exited early: ${output}`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.stderr.on('data', (chunk) => {
      output += chunk.toString();
      const match = /FIXTURE_LISTENING (\d+)/.exec(output);
      if (match === null) return;
      child.off('exit', onExit);
      resolve({
        url: new URL(`http://127.0.0.1:${match[1]}/mcp`),
        close: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}
