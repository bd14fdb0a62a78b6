import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { createProgressiveDisclosure } from '@x/progressive-disclosure';
import { z } from 'zod';

const layer = createProgressiveDisclosure();
export const factory = layer.wrapFactory(() => {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool(
    'get_forecast',
    {
      description: 'Gets the 3-day forecast of a city. In °C.',
      inputSchema: z.object({ city: z.string() }),
    },
    async ({ city }) => ({ content: [{ type: 'text', text: `${city}: sunny, 21 °C` }] }),
  );
  return server;
});
// then: await serveStdio(factory), or serveHttp(factory, { port: 3000 }), from @x/core/serve

// Here, a client in the same process: list, read the description (it authorizes), call.
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await (
  await factory({
    sessionId: undefined,
    role: undefined,
    transport: 'stdio',
    era: 'legacy',
    scope: 'stdio:test',
  })
).connect(serverSide);
const client = new Client({ name: 'quickstart', version: '1.0.0' });
await client.connect(clientSide);
console.log(JSON.stringify((await client.listTools()).tools[0]));
await client.readResource({ uri: 'resource:///tool_descriptions?tools=get_forecast' });
const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo' } });
console.log(JSON.stringify(result.content));
await client.close();
