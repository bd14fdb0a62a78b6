// An MCP server over Streamable HTTP on 127.0.0.1 that speaks both protocol eras (2025 traffic
// statelessly) for the message-size tests: `blob` answers with `bytes` characters of text, `echo`
// with its text. Prints `FIXTURE_LISTENING <port>` on stderr; tests start it through
// `startHttpFixture(LARGE_RESULT_HTTP_SERVER)` of @x/test-kit.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

function build() {
  const server = new McpServer({ name: 'large-result-http', version: '1.0.0' });
  server.registerTool(
    'blob',
    {
      description: 'Answers with a large text.',
      inputSchema: z.object({ bytes: z.number().int() }),
    },
    async ({ bytes }) => ({ content: [{ type: 'text', text: 'x'.repeat(bytes) }] }),
  );
  server.registerTool(
    'echo',
    { description: 'Echoes text.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
}

const handler = toNodeHandler(createMcpHandler(build));
const http = createServer((request, response) => void handler(request, response));
http.listen(0, '127.0.0.1', () => {
  process.stderr.write(`FIXTURE_LISTENING ${http.address().port}\n`);
});
