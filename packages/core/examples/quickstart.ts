import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createCatalogServerFactory, parseCatalog } from '@x/core/catalog-server';
import { serveHttp } from '@x/core/serve';
import { countJsonTokens } from '@x/core/tokens';

const catalog = parseCatalog([
  {
    name: 'get_forecast',
    description: 'Gets the 3-day forecast of a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
]);
const server = await serveHttp(createCatalogServerFactory(catalog), { port: 0 });
const client = new Client({ name: 'quickstart', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(server.url));
const { tools } = await client.listTools();
console.log(`${tools.length} tool on ${server.url.pathname}, ${countJsonTokens(tools)} tokens`);
const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Oslo' } });
console.log(JSON.stringify(result.structuredContent));
await client.close();
await server.close();
