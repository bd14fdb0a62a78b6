/**
 * The conformance probe upstream as an MCP server: the fixed catalog of `probe-catalog.ts`, each
 * call answered and recorded by a {@link ProbeRecorder}. A gateway or CaSH aggregator configured
 * with it (`x-conformance-probe-upstream`, over stdio) lets the checks observe what reaches an
 * upstream, through the probe's own `probe_requests` tool.
 *
 * @module
 */

import { Server } from '@modelcontextprotocol/server';
import { PROBE_TOOLS } from './probe-catalog.js';
import { createProbeRecorder } from './probe-recorder.js';

/** A probe upstream server with a recorder of its own, not yet connected. */
export function createProbeUpstreamServer(): Server {
  const recorder = createProbeRecorder();
  const server = new Server(
    { name: 'x-conformance-probe-upstream', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  const tools = PROBE_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: {
      type: 'object' as const,
      properties: { ...tool.inputSchema.properties },
      required: [...tool.inputSchema.required],
    },
    ...(tool.annotations === undefined ? {} : { annotations: { ...tool.annotations } }),
  }));
  server.setRequestHandler('tools/list', () => ({ tools }));
  server.setRequestHandler('tools/call', (request) => {
    const result = recorder.call(request.params.name, request.params.arguments ?? {});
    return { content: [...result.content], ...(result.isError ? { isError: true } : {}) };
  });
  return server;
}
