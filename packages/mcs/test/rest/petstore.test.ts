import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOpenApiDriver,
  type OpenApiDriver,
  type RestResponse,
} from '../../src/rest/index.js';
import { type LocalRestServer, startLocalRestServer } from '../helpers/local-rest-server.js';

const require = createRequire(import.meta.url);

const DOCUMENTS = [
  { version: '2.0', spec_format: 'Swagger', uploadType: 'multipart/form-data' },
  { version: '3.0', spec_format: 'OpenAPI', uploadType: 'multipart/form-data' },
  { version: '3.1', spec_format: 'OpenAPI', uploadType: 'application/octet-stream' },
] as const;

function body(result: unknown): unknown {
  const text = (result as RestResponse).body;
  return (result as RestResponse).contentType === 'application/json' ? JSON.parse(text) : text;
}

describe.each(DOCUMENTS)(
  'the REST driver on the Petstore (version $version, from @readme/oas-examples)',
  ({ version, spec_format, uploadType }) => {
    let server: LocalRestServer;
    let driver: OpenApiDriver;

    beforeAll(async () => {
      server = await startLocalRestServer();
      driver = await createOpenApiDriver({
        document: require.resolve(`@readme/oas-examples/${version}/json/petstore.json`),
        baseUrl: `${server.origin}/v2`,
        auth: { type: 'apiKey', in: 'header', name: 'api_key', value: 'special-key' },
        meta: { prefix: 'pets' },
      });
    });

    afterAll(async () => {
      await server.close();
    });

    it('exposes the 20 operations under their operationIds', () => {
      expect(driver.version).toBe(version);
      expect(driver.meta).toMatchObject({ spec_format, prefix: 'pets' });
      expect(driver.listFunctions()).toHaveLength(20);
      expect(driver.listFunctions().map((definition) => definition.name)).toEqual(
        expect.arrayContaining([
          'addPet',
          'findPetsByStatus',
          'getPetById',
          'updatePetWithForm',
          'uploadFile',
          'loginUser',
        ]),
      );
      const dialect = driver.listFunctions()[0]?.dialect;
      expect(dialect).toBe(version === '3.1' ? '2020-12' : undefined);
    });

    it('sends an exploded array query (findPetsByStatus)', async () => {
      const result = await driver.processLlmResponse(
        '{"name": "findPetsByStatus", "parameters": {"status": ["available", "sold"]}}',
      );
      expect((body(result) as { name: string }[]).map((pet) => pet.name)).toEqual(['Rex', 'Tom']);
      expect(server.requests.at(-1)?.query.getAll('status')).toEqual(['available', 'sold']);
    });

    it('refuses a status outside the enum, with a retry prompt', async () => {
      await expect(
        driver.processLlmResponse(
          '{"tool": "findPetsByStatus", "arguments": {"status": ["lost"]}}',
        ),
      ).rejects.toMatchObject({
        code: 'CALL_INVALID',
        retryPrompt: expect.stringContaining('must be equal to one of the allowed values'),
      });
    });

    it('adds a pet with a JSON body and reads it back by path parameter', async () => {
      const added = await driver.processLlmResponse(
        '{"tool_calls":[{"id":"c1","type":"function","function":{"name":"addPet","arguments":"{\\"body\\":{\\"id\\":7,\\"name\\":\\"Nala\\",\\"photoUrls\\":[],\\"status\\":\\"pending\\"}}"}}]}',
      );
      expect(body(added)).toMatchObject({ id: 7, name: 'Nala' });
      const read = await driver.processLlmResponse(
        '{"type":"tool_use","id":"t1","name":"getPetById","input":{"petId":7}}',
      );
      expect(body(read)).toMatchObject({ id: 7, status: 'pending' });
    });

    it('updates a pet with a form body (updatePetWithForm)', async () => {
      const result = await driver.processLlmResponse(
        '{"tool":"updatePetWithForm","arguments":{"petId":1,"body":{"name":"Rex II","status":"sold"}}}',
      );
      expect(body(result)).toMatchObject({ name: 'Rex II', status: 'sold' });
      expect(server.requests.at(-1)?.headers['content-type']).toMatch(
        /^application\/x-www-form-urlencoded/,
      );
    });

    it('uploads with the declared media type (uploadFile)', async () => {
      const bodyArgument =
        version === '3.1'
          ? '"raw image bytes"'
          : '{"additionalMetadata":"front","file":"raw image bytes"}';
      const result = await driver.processLlmResponse(
        `{"tool":"uploadFile","arguments":{"petId":2,"body":${bodyArgument}}}`,
      );
      expect(result).toMatchObject({ status: 200 });
      expect(server.requests.at(-1)?.headers['content-type']).toMatch(new RegExp(`^${uploadType}`));
    });

    it('sends header parameters and auth (deletePet, getInventory)', async () => {
      const deleted = await driver.processLlmResponse(
        '{"tool":"deletePet","arguments":{"petId":2,"api_key":"from-model"}}',
      );
      expect(body(deleted)).toMatchObject({ deleted: '2' });
      expect(server.requests.at(-1)?.headers.api_key).toBe('special-key');
      await expect(
        driver.processLlmResponse('{"tool":"getInventory","arguments":{}}'),
      ).resolves.toMatchObject({ status: 200 });
    });

    it('places and reads an order, and logs a user in with query parameters', async () => {
      await driver.processLlmResponse(
        '{"tool":"placeOrder","arguments":{"body":{"id":3,"petId":1,"quantity":1,"status":"placed"}}}',
      );
      const order = await driver.processLlmResponse(
        '{"tool":"getOrderById","arguments":{"orderId":3}}',
      );
      expect(body(order)).toMatchObject({ id: 3, status: 'placed' });
      const login = await driver.processLlmResponse(
        '{"tool":"loginUser","arguments":{"username":"ann","password":"pw"}}',
      );
      expect(body(login)).toBe('logged in user session:ann');
    });

    it('refuses a path parameter that would climb out of the path', async () => {
      await expect(
        driver.processLlmResponse('{"tool":"getUserByName","arguments":{"username":".."}}'),
      ).rejects.toMatchObject({
        code: 'CALL_INVALID',
        message: expect.stringContaining('may not be "." or ".."'),
      });
    });
  },
);
