import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createGatewayRuntime, createGatewayServer, type GatewayUpstream } from '@x/gateway/server';

// Any upstream fits; upstreamsFromPool(createUpstreamPool(config)) connects an mcpServers file.
const weather: GatewayUpstream = {
  name: 'weather',
  listTools: async () => [
    {
      name: 'get_forecast',
      description: 'Gets the 3-day forecast of a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
  callTool: async (_name, args) => ({ content: [{ type: 'text', text: `${args.city}: sunny` }] }),
};
const runtime = await createGatewayRuntime({ upstreams: [weather] });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await createGatewayServer(runtime).connect(serverSide);
const client = new Client({ name: 'quickstart', version: '1.0.0' });
await client.connect(clientSide);
const browse = await client.callTool({ name: 'tool_browse', arguments: { query: 'forecast' } });
const [card] = (browse.structuredContent as { cards: { id: string }[] }).cards;
console.log(card?.id);
const args = { tool_id: card?.id, args: { city: 'Oslo' } };
const result = await client.callTool({ name: 'tool_execute', arguments: args });
const envelope = result.structuredContent as { status: string; provenance: { firewall: string } };
console.log(envelope.status, envelope.provenance.firewall, JSON.stringify(result.content));
await client.close();
runtime.close();
