import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenApiDriver, type RestResponse } from '../src/rest/index.js';
import {
  BOOKSHOP_KEY,
  type LocalRestServer,
  startLocalRestServer,
} from './helpers/local-rest-server.js';

let server: LocalRestServer;

beforeEach(async () => {
  server = await startLocalRestServer();
});

afterEach(async () => {
  await server.close();
});

/** A model that answers the quickstart's question with a call, and any other with prose. */
async function askYourModel(system: string, question: string): Promise<string> {
  expect(system).toContain('"operationId":"listBooks"');
  return question === 'Is Dune in stock?'
    ? 'Let me check.\n```json\n{"tool": "listBooks", "arguments": {"q": "dune", "in_stock": true}}\n```'
    : 'Hello! How can I help?';
}

describe('the README quickstart', () => {
  it('runs as written against the local bookshop', async () => {
    const driver = await createOpenApiDriver({
      document: fileURLToPath(new URL('./fixtures/bookshop.openapi.yaml', import.meta.url)),
      baseUrl: `${server.origin}/v1`,
      auth: { type: 'apiKey', in: 'header', name: 'X-Api-Key', value: BOOKSHOP_KEY },
    });
    const system = driver.getDriverSystemMessage('gpt-4o');
    const reply = await askYourModel(system, 'Is Dune in stock?');
    const result = await driver.processLlmResponse(reply);
    expect(result).toMatchObject({ status: 200, ok: true });
    expect(JSON.parse((result as RestResponse).body)).toEqual([
      expect.objectContaining({ title: 'Dune', stock: 3 }),
    ]);

    const greeting = await askYourModel(system, 'Hi');
    await expect(driver.processLlmResponse(greeting)).resolves.toBe(greeting);
  });
});
