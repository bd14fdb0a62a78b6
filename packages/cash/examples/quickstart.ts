import { createCashServer } from '@x/cash';
import { z } from 'zod';

const cash = createCashServer({ name: 'shop' });
cash.namespace('orders', { description: 'Create and manage customer orders.' }).function('get', {
  summary: 'Retrieve an order by ID.',
  params: z.object({ order_id: z.string().describe('The order ID.') }),
  handler: ({ order_id }) => ({ order_id, status: 'open' }),
});
// A client sees three tools; cash.createMcpServer fits serveStdio / serveHttp of @x/core/serve.
const help = await cash.callTool('help', { namespace: 'orders' });
console.log(help.content[0]?.type === 'text' ? help.content[0].text : '');
const call = await cash.callTool('call', {
  namespace: 'orders',
  function: 'get',
  kwargs: { order_id: 'A-17' },
});
console.log(JSON.stringify(call.structuredContent ?? call.content));
await cash.close();
