/** Live upstream servers over stdio, through core's pool, for end-to-end tests. */
import { fileURLToPath } from 'node:url';
import { createUpstreamPool, parseMcpServersConfig, type UpstreamPool } from '@x/core/upstreams';

/** The official everything server's bin (a dev dependency of this package). */
export const EVERYTHING_BIN = fileURLToPath(
  new URL('../node_modules/.bin/mcp-server-everything', import.meta.url),
);

/** The changing-tools fixture server. */
export const CHANGING_SERVER = fileURLToPath(
  new URL('./fixtures/changing-server.mjs', import.meta.url),
);

/** Opens a pool over stdio servers given as `name -> [command, ...args]`; close it in `afterEach`. */
export function openLivePool(servers: Record<string, readonly string[]>): UpstreamPool {
  const mcpServers = Object.fromEntries(
    Object.entries(servers).map(([name, [command, ...args]]) => [name, { command, args }]),
  );
  return createUpstreamPool(parseMcpServersConfig({ mcpServers }, 'test'), {
    clientInfo: { name: 'gateway-test', version: '0.0.0' },
    stderr: 'ignore',
  });
}
