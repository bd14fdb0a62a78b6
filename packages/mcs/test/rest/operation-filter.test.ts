import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createOpenApiDriver } from '../../src/rest/index.js';
import { pathGlobToRegExp } from '../../src/rest/operation-filter.js';

const require = createRequire(import.meta.url);
const PETSTORE = require.resolve('@readme/oas-examples/3.0/json/petstore.json');
const BASE_URL = 'http://127.0.0.1:9/';

async function names(filters: object): Promise<string[]> {
  const driver = await createOpenApiDriver({ document: PETSTORE, baseUrl: BASE_URL, ...filters });
  return driver.listFunctions().map((definition) => definition.name);
}

describe('REST operation filters', () => {
  it('keeps the operations of the included tags', async () => {
    expect(await names({ include: { tags: ['store'] } })).toEqual([
      'getInventory',
      'placeOrder',
      'getOrderById',
      'deleteOrder',
    ]);
  });

  it('matches path globs: * within a segment, ** across segments', async () => {
    expect(await names({ include: { paths: ['/pet/*'] } })).toEqual([
      'findPetsByStatus',
      'findPetsByTags',
      'getPetById',
      'updatePetWithForm',
      'deletePet',
    ]);
    expect(await names({ include: { paths: ['/pet/**'] } })).toContain('uploadFile');
  });

  it('excludes by method, after the include, and cuts the openapi description to match', async () => {
    const driver = await createOpenApiDriver({
      document: PETSTORE,
      baseUrl: BASE_URL,
      include: { tags: ['user'] },
      exclude: { methods: ['DELETE', 'PUT'] },
    });
    const kept = driver.listFunctions().map((definition) => definition.name);
    expect(kept).toEqual([
      'createUser',
      'createUsersWithArrayInput',
      'createUsersWithListInput',
      'loginUser',
      'logoutUser',
      'getUserByName',
    ]);
    const description = JSON.parse(driver.getFunctionDescription()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const described = Object.values(description.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(described.sort()).toEqual([...kept].sort());
    expect(
      driver.parseLlmResponse('{"tool": "deleteUser", "arguments": {"username": "a"}}'),
    ).toMatchObject({
      status: 'malformed',
      issues: [{ reason: 'unknown_function' }],
    });
  });

  it('refuses an unknown filter key or method', async () => {
    await expect(
      createOpenApiDriver({ document: PETSTORE, include: { tag: ['store'] } } as never),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(
      createOpenApiDriver({ document: PETSTORE, exclude: { methods: ['get'] } } as never),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('reads every other glob character literally', () => {
    expect(pathGlobToRegExp('/a.b/{id}').test('/a.b/{id}')).toBe(true);
    expect(pathGlobToRegExp('/a.b/{id}').test('/axb/{id}')).toBe(false);
    expect(pathGlobToRegExp('/a/*').test('/a/b/c')).toBe(false);
    expect(pathGlobToRegExp('/a/**').test('/a/b/c')).toBe(true);
  });
});
