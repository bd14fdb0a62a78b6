/**
 * `node forwarder-main.js <mcp.json>`: the forwarding server of `forwarder.ts` over stdio, in
 * front of every upstream of an `mcpServers` file; it exits when its stdin ends. The benchmark
 * spawns it to measure what a process that only relays calls costs.
 *
 * @module
 */

import { serveStdio } from '@x/core/serve';
import { createUpstreamPool, loadMcpServersConfig } from '@x/core/upstreams';
import { createForwardingServer } from './forwarder.js';

const [configPath] = process.argv.slice(2);
if (configPath === undefined) {
  process.stderr.write('usage: forwarder-main <mcp.json>\n');
  process.exit(2);
}
const pool = createUpstreamPool(await loadMcpServersConfig(configPath), { stderr: 'ignore' });
const server = await createForwardingServer([...pool.upstreams.values()]);
await serveStdio(() => server, { onClosed: () => void pool.close() });
