import { request as httpRequest } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { LATEST_PROTOCOL_VERSION, McpServer } from '@modelcontextprotocol/server';
import type { CallerContext, ServerFactory } from '../../src/serve/index.js';

/** A factory whose servers each keep their own counter, and which records every context it saw. */
export function createCounterFactory(): { factory: ServerFactory; contexts: CallerContext[] } {
  const contexts: CallerContext[] = [];
  const factory: ServerFactory = (context) => {
    contexts.push(context);
    const server = new McpServer({ name: 'counter', version: '1.0.0' });
    let count = 0;
    server.registerTool('increment', { description: 'Adds one to the counter.' }, async () => {
      count += 1;
      return { content: [{ type: 'text', text: String(count) }] };
    });
    server.registerTool('whoami', { description: 'Echoes the caller context.' }, async () => ({
      content: [{ type: 'text', text: JSON.stringify(context) }],
    }));
    return server;
  };
  return { factory, contexts };
}

/** Connects an SDK client over Streamable HTTP, sending `headers` on every request. */
export async function connectClient(
  url: URL,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client;
}

/** The text of the first content block of a tool call. */
export async function callText(client: Client, name: string): Promise<string> {
  const result = await client.callTool({ name, arguments: {} });
  const [first] = result.content as Array<{ type: string; text?: string }>;
  return first?.text ?? '';
}

/** A JSON-RPC `initialize` request as a client would send it. */
export const INITIALIZE_REQUEST = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'raw', version: '1.0.0' },
  },
} as const;

/** The 2026-07-28 protocol revision. */
export const MODERN = '2026-07-28';

/** The per-request `_meta` envelope of a 2026-07-28 request from a client named `raw`. */
export const MODERN_ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
} as const;

/** Headers a Streamable HTTP POST needs. */
export const POST_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
} as const;

/** What {@link rawRequest} got back. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request through `node:http`, which (unlike `fetch`) lets a test forge `Host`.
 * Resolves with the response even when the server stops reading the body early.
 */
export function rawRequest(
  url: URL,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    // A server that answers before reading the whole body may reset the upload: the response
    // event above still settles the promise.
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The JSON-RPC error code of a refusal body. */
export function errorCode(response: RawResponse): number | undefined {
  const body = JSON.parse(response.text) as { error?: { code?: number } };
  return body.error?.code;
}
