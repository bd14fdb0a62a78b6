/**
 * The README quickstart, compiled and run by `readme.test.ts`.
 */

import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { createProgressiveDisclosure } from '../src/index.js';

// #region quickstart
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
// #endregion
