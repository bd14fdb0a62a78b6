import { createRequire } from 'node:module';
import { createOpenApiDriver, type OpenApiDriver, type RestResponse } from '@x/mcs/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoService, startDemoService } from '../../src/demo/demo-service.js';
import { type Call, modelOutput, STYLES, type Style } from '../helpers/model-outputs.js';
import { runBuiltCli } from '../helpers/spawn-cli.js';

const require = createRequire(import.meta.url);
const API_KEY = 'special-key';

/** The Petstore documents of `@readme/oas-examples`: the same API in three formats. */
const VERSIONS = [
  { version: '2.0', spawned: ['near-json'] },
  { version: '3.0', spawned: ['fenced-json', 'openai-tool-calls', 'several-calls'] },
  { version: '3.1', spawned: ['anthropic-tool-use'] },
] as const;

function body(result: unknown): unknown {
  const response = result as RestResponse;
  return response.contentType?.startsWith('application/json') === true
    ? JSON.parse(response.body)
    : response.body;
}

/** One call per style, chosen so every style reaches a different kind of operation. */
const CASES: Record<Style, { call: Call; second: Call; check(result: unknown): void }> = {
  'fenced-json': {
    call: { name: 'findPetsByStatus', arguments: { status: ['available', 'pending'] } },
    second: { name: 'logoutUser', arguments: {} },
    check: (result) =>
      expect((body(result) as { name: string }[]).map((pet) => pet.name)).toEqual(
        expect.arrayContaining(['Rex', 'Lassie']),
      ),
  },
  'json-in-prose': {
    call: { name: 'getPetById', arguments: { petId: 1 } },
    second: { name: 'logoutUser', arguments: {} },
    check: (result) => expect(body(result)).toMatchObject({ id: 1, name: 'Rex' }),
  },
  'openai-tool-calls': {
    call: {
      name: 'addPet',
      arguments: {
        body: {
          id: 10,
          name: 'Fido',
          photoUrls: ['https://example.test/fido.jpg'],
          status: 'pending',
        },
      },
    },
    second: { name: 'logoutUser', arguments: {} },
    check: (result) => {
      expect(result).toMatchObject({ status: 200, ok: true });
      expect(body(result)).toMatchObject({ id: 10, name: 'Fido' });
    },
  },
  'anthropic-tool-use': {
    call: { name: 'getInventory', arguments: {} },
    second: { name: 'logoutUser', arguments: {} },
    check: (result) =>
      expect(body(result)).toMatchObject({ available: 1, sold: expect.any(Number) }),
  },
  'several-calls': {
    call: { name: 'placeOrder', arguments: { body: { id: 7, petId: 1, quantity: 2 } } },
    second: { name: 'getOrderById', arguments: { orderId: 7 } },
    check: (result) => {
      expect(Array.isArray(result) && result.length).toBe(2);
      expect(body((result as unknown[])[1])).toMatchObject({ id: 7, petId: 1, quantity: 2 });
    },
  },
  'near-json': {
    call: { name: 'loginUser', arguments: { username: "o'hara", password: 'pa55' } },
    second: { name: 'logoutUser', arguments: {} },
    check: (result) => expect(body(result)).toBe("logged in user session:o'hara"),
  },
};

describe.each(VERSIONS)(
  'the REST driver from the real-world Petstore $version document, against the local Petstore',
  ({ version, spawned }) => {
    const document = require.resolve(`@readme/oas-examples/${version}/json/petstore.json`);
    let service: DemoService;
    let driver: OpenApiDriver;

    beforeAll(async () => {
      service = await startDemoService({ apiKey: API_KEY });
      driver = await createOpenApiDriver({
        document,
        baseUrl: service.petstoreUrl,
        auth: { type: 'apiKey', in: 'header', name: 'api_key', value: API_KEY },
      });
    });

    afterAll(async () => {
      await service.close();
    });

    it.each(STYLES)('executes a call written as %s', async (style) => {
      const { call, second, check } = CASES[style];
      check(await driver.processLlmResponse(modelOutput(style, call, second)));
    });

    it.each(spawned)(
      'executes a call written as %s through the built x-mcs exec',
      async (style) => {
        const { call, second, check } = CASES[style];
        const run = await runBuiltCli(
          [
            'exec',
            '--openapi',
            document,
            '--base-url',
            service.petstoreUrl,
            '--header',
            `api_key: ${API_KEY}`,
          ],
          modelOutput(style, call, second),
        );
        expect(run).toMatchObject({ code: 0, stderr: '' });
        check(JSON.parse(run.stdout));
      },
    );

    it('sends a form body (updatePetWithForm) and reads the change back', async () => {
      await driver.processLlmResponse(
        '{"tool": "updatePetWithForm", "arguments": {"petId": 3, "body": {"name": "Lassie II", "status": "sold"}}}',
      );
      expect(
        body(await driver.processLlmResponse('{"tool": "getPetById", "arguments": {"petId": 3}}')),
      ).toMatchObject({ name: 'Lassie II', status: 'sold' });
    });

    it('returns a 404 as a raw result, not as an error', async () => {
      expect(
        await driver.processLlmResponse(
          '{"tool": "getUserByName", "arguments": {"username": "nobody"}}',
        ),
      ).toMatchObject({ status: 404, ok: false });
    });
  },
);
