import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Client,
  InMemoryTransport,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/client';
import { buildCache, MAX_BUDGET, MAX_QUERY_BYTES } from '@x/context-cache';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextCacheServer } from '../src/server.js';
import { createStrategies } from '../src/strategies.js';
import { callText, removeFolder, SAMPLE_SOURCES, temporaryFolder, writeFiles } from './helpers.js';

const ERRORS = {
  cache_missing: '{"error":{"code":"cache_missing","message":"Cache does not exist"}}\n',
  cache_invalid: '{"error":{"code":"cache_invalid","message":"Cache exists but is invalid"}}\n',
  invalid_query: '{"error":{"code":"invalid_query","message":"Query is invalid"}}\n',
  invalid_budget: '{"error":{"code":"invalid_budget","message":"Budget is invalid"}}\n',
} as const;

let folder: string;
let root: string;
let client: Client;

beforeAll(async () => {
  folder = await temporaryFolder('server');
  root = join(folder, 'root');
  await writeFiles(join(folder, 'sources'), SAMPLE_SOURCES);
  await buildCache({ sources: join(folder, 'sources'), cache: join(root, 'sample') });
  await buildCache({ sources: join(folder, 'sources'), cache: join(folder, 'outside') });
  await buildCache({ sources: join(folder, 'sources'), cache: join(root, 'tampered') });
  const documents = join(root, 'tampered', 'documents');
  const [first] = (await readdir(documents)).sort();
  const file = join(documents, first as string);
  await writeFile(file, (await readFile(file, 'utf8')).replace('cache', 'CACHE'));
  await symlink(join(folder, 'outside'), join(root, 'escape'));
  await mkdir(join(root, 'empty'));
  const server = createContextCacheServer({ cacheRoot: root, strategies: createStrategies() });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  client = new Client({ name: 'server-test', version: '0.0.0' });
  await client.connect(clientTransport);
});

afterAll(async () => {
  await client?.close();
  await removeFolder(folder);
});

const resolve = (args: Record<string, unknown>) => callText(client, 'context.resolve', args);
const inspect = (args: Record<string, unknown>) => callText(client, 'context.inspect_cache', args);

describe('the tools of x-context-cache', () => {
  it('lists context.resolve, context.list_caches and context.inspect_cache with the spec input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'context.resolve',
      'context.list_caches',
      'context.inspect_cache',
    ]);
    const [resolveTool, listTool, inspectTool] = tools;
    expect(resolveTool?.inputSchema).toMatchObject({
      type: 'object',
      required: ['cache', 'query', 'budget'],
      properties: {
        cache: { type: 'string' },
        query: { type: 'string' },
        budget: { type: 'integer', minimum: 0, maximum: MAX_BUDGET },
        strategy: { type: 'string', enum: ['v0', 'bm25'] },
      },
    });
    expect(listTool?.inputSchema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    expect(inspectTool?.inputSchema).toMatchObject({
      type: 'object',
      required: ['cache'],
      additionalProperties: false,
      properties: { cache: { type: 'string' } },
    });
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });

  it('answers the same call twice with the same bytes, ending in one newline', async () => {
    const args = { cache: 'sample', query: 'cache budget', budget: 30 };
    const first = await resolve(args);
    expect(first.isError).toBe(false);
    expect(first.text.endsWith('}\n')).toBe(true);
    expect((await resolve(args)).text).toBe(first.text);
  });

  it('skips a document that does not fit and takes later ones that do', async () => {
    const answer = JSON.parse(
      (await resolve({ cache: 'sample', query: 'cache', budget: 20 })).text,
    );
    expect(answer.documents.map((document: { id: string }) => document.id)).toEqual([
      'notes/zeta.md',
      'alpha.md',
      'gamma.md',
      'beta.md',
    ]);
    expect(answer.selection).toEqual({
      query: 'cache',
      budget: 20,
      tokens_used: 19,
      documents_considered: 6,
      documents_selected: 4,
      documents_excluded_by_budget: 2,
    });
  });

  it('names the strategy and token counter of a bm25 answer', async () => {
    const answer = JSON.parse(
      (await resolve({ cache: 'sample', query: 'budget', budget: 100, strategy: 'bm25' })).text,
    );
    expect(answer.selection).toMatchObject({ strategy: 'bm25', token_counter: 'cl100k_base' });
    expect(answer.documents[0].id).toBe('alpha.md');
  });

  it('ranks with bm25 when the deployment makes it the default, and with v0 on request', async () => {
    const server = createContextCacheServer({
      cacheRoot: root,
      strategies: createStrategies(),
      defaultStrategy: 'bm25',
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const other = new Client({ name: 'server-test', version: '0.0.0' });
    await other.connect(clientTransport);
    try {
      const args = { cache: 'sample', query: 'budget', budget: 50 };
      const byDefault = JSON.parse((await callText(other, 'context.resolve', args)).text);
      expect(byDefault.selection.strategy).toBe('bm25');
      const v0 = await callText(other, 'context.resolve', { ...args, strategy: 'v0' });
      expect(v0.text).toBe((await resolve(args)).text);
    } finally {
      await other.close();
    }
  });

  it('lists caches sorted, ignoring arguments it does not take', async () => {
    expect(await callText(client, 'context.list_caches', { root: '/' })).toEqual({
      text: '{"caches":[{"path":"empty","has_manifest":false},{"path":"sample","has_manifest":true},{"path":"tampered","has_manifest":true}]}\n',
      isError: false,
    });
  });

  it('inspects a cache with its keys in the spec order', async () => {
    const answer = await inspect({ cache: 'sample', extra: true });
    expect(Object.keys(JSON.parse(answer.text))).toEqual([
      'cache_version',
      'document_count',
      'total_bytes',
      'valid',
    ]);
    expect(await inspect({ cache: 'empty' })).toEqual({
      text: '{"cache_version":"","document_count":0,"total_bytes":0,"valid":false}\n',
      isError: false,
    });
  });

  it('answers cache_invalid for a tampered document, never its content', async () => {
    expect(await resolve({ cache: 'tampered', query: 'cache', budget: 1000 })).toEqual({
      text: ERRORS.cache_invalid,
      isError: true,
    });
  });
});

describe('hostile input', () => {
  const traversals = [
    '../outside',
    '..',
    '.',
    '',
    '/',
    '/etc',
    'escape',
    'sample/../../outside',
    '%2e%2e/outside',
    '..%2Foutside',
    '\uff0e\uff0e/outside',
    'sample\u0000',
    'x'.repeat(5000),
  ];

  it.each(traversals)('answers cache_missing for the cache name %j', async (name) => {
    const expected = { text: ERRORS.cache_missing, isError: true };
    expect(await resolve({ cache: name, query: 'cache', budget: 100 })).toEqual(expected);
    expect(await inspect({ cache: name })).toEqual(expected);
  });

  it('answers cache_missing for an absolute path to a cache outside the root', async () => {
    const expected = { text: ERRORS.cache_missing, isError: true };
    expect(await resolve({ cache: join(folder, 'outside'), query: 'a', budget: 9 })).toEqual(
      expected,
    );
    expect(await inspect({ cache: join(folder, 'outside') })).toEqual(expected);
  });

  it.each([
    ['negative', -1],
    ['fractional', 1.5],
    ['above the hard maximum', MAX_BUDGET + 1],
    ['huge', 1e300],
    ['a string', '100'],
    ['null', null],
    ['missing', undefined],
  ])('answers invalid_budget for a %s budget', async (_label, budget) => {
    expect(await resolve({ cache: 'sample', query: 'cache', budget })).toEqual({
      text: ERRORS.invalid_budget,
      isError: true,
    });
  });

  it.each([
    ['a query one byte over the maximum', { query: 'q'.repeat(MAX_QUERY_BYTES + 1) }],
    ['a query of one megabyte', { query: 'q '.repeat(500_000) }],
    ['a number as query', { query: 42 }],
    ['no query', {}],
    ['an unknown argument', { query: 'cache', verbose: true }],
    ['an unknown strategy', { query: 'cache', strategy: 'magic' }],
    ['a null strategy', { query: 'cache', strategy: null }],
  ])('answers invalid_query for %s', async (_label, args) => {
    expect(await resolve({ cache: 'sample', budget: 10, ...args })).toEqual({
      text: ERRORS.invalid_query,
      isError: true,
    });
  });

  it('accepts a query of exactly the maximum length', async () => {
    const answer = await resolve({
      cache: 'sample',
      query: 'q'.repeat(MAX_QUERY_BYTES),
      budget: 0,
    });
    expect(answer.isError).toBe(false);
  });

  it('refuses an unknown tool with JSON-RPC -32602', async () => {
    const call = client.callTool({ name: 'context.delete', arguments: {} });
    await expect(call).rejects.toBeInstanceOf(ProtocolError);
    await expect(call).rejects.toMatchObject({ code: ProtocolErrorCode.InvalidParams });
  });

  it('refuses arguments that are not an object with a JSON-RPC error and keeps serving', async () => {
    for (const args of [[1, 2], 'cache', 7]) {
      await expect(
        client.request({
          method: 'tools/call',
          params: { name: 'context.resolve', arguments: args },
        }),
      ).rejects.toBeInstanceOf(ProtocolError);
    }
    expect((await resolve({ cache: 'sample', query: 'cache', budget: 5 })).isError).toBe(false);
  });

  it('answers any JSON budget with a result echoing it or invalid_budget, nothing else', async () => {
    // Only what JSON carries: -0 goes over the wire as 0, so the generator never offers it.
    const wireJson = fc
      .jsonValue({ maxDepth: 2 })
      .map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    await fc.assert(
      fc.asyncProperty(wireJson, async (budget) => {
        const answer = await resolve({ cache: 'sample', query: 'cache', budget });
        if (answer.isError) expect(answer.text).toBe(ERRORS.invalid_budget);
        else {
          const selection = JSON.parse(answer.text).selection;
          expect(selection.budget).toBe(budget);
          expect(selection.tokens_used).toBeLessThanOrEqual(budget as number);
        }
      }),
      { numRuns: 60 },
    );
  });
});
