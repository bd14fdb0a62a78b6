/**
 * `specResultSchema` validates a `tools/call` result as the SDK's own spec-method path does, and
 * is made once per era (in process, 2025 era; `modern-upstreams.test.ts` calls tools of
 * 2026-07-28 upstreams through it).
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { specResultSchema } from '../../src/upstreams/result-schema.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A server whose `tools/call` answers `result` as it is, whatever its shape. */
async function connect(result: unknown): Promise<Client> {
  const server = new McpServer({ name: 'shapes', version: '1.0.0' });
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler('tools/call', () => result as never);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'shapes-test', version: '1.0.0' });
  await client.connect(clientSide);
  closers.push(
    () => server.close(),
    () => client.close(),
  );
  return client;
}

const call = { method: 'tools/call', params: { name: 'any', arguments: {} } } as const;

describe('specResultSchema', () => {
  it('passes a well-formed result as the spec-method path does', async () => {
    const client = await connect({ content: [{ type: 'text', text: 'ok' }] });
    const explicit = await client.request(call, specResultSchema(client, 'tools/call'));
    expect(explicit).toEqual(await client.request(call));
  });

  it('refuses a malformed result as the spec-method path does', async () => {
    const client = await connect({ content: 'not a list' });
    const spec = await client.request(call).catch((error: unknown) => error);
    const explicit = await client
      .request(call, specResultSchema(client, 'tools/call'))
      .catch((error: unknown) => error);
    expect(spec).toBeInstanceOf(Error);
    expect(explicit).toBeInstanceOf(Error);
    expect(String(explicit)).toBe(String(spec));
  });

  it('is made once for the era and method', async () => {
    const client = await connect({ content: [] });
    expect(specResultSchema(client, 'tools/call')).toBe(specResultSchema(client, 'tools/call'));
  });
});
