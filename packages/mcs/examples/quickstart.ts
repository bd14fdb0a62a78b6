import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenApiDriver } from '@x/mcs/rest';

// A local REST service stands in for yours.
const service = createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ path: request.url, books: [{ title: 'Dune', stock: 3 }] }));
}).listen(0, '127.0.0.1');
await once(service, 'listening');
const q = { name: 'q', in: 'query', schema: { type: 'string' } };
const books = {
  get: { operationId: 'listBooks', parameters: [q], responses: { 200: { description: 'Books' } } },
};
const driver = await createOpenApiDriver({
  document: {
    openapi: '3.0.3',
    info: { title: 'Books', version: '1' },
    paths: { '/books': books },
  },
  baseUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
});
const system = driver.getDriverSystemMessage('gpt-4o'); // the system prompt for your model
console.log(system.includes('listBooks') ? 'the system message describes listBooks' : system);
const reply = '```json\n{"tool": "listBooks", "arguments": {"q": "dune"}}\n```'; // your model's answer
console.log(JSON.stringify(await driver.processLlmResponse(reply)));
service.close();
