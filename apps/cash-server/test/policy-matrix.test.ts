/**
 * Per-caller tool policies end to end (issue 33): `x-cash aggregate` with a `policies` section
 * and a tokens file of two roles, in both protocol eras. Every `help`, `call` and `skill`
 * answer the restricted role gets equals, byte for byte, what an aggregator whose upstreams
 * never had the denied tools answers: a denied tool is absent from listings, counts and
 * "nearest" or "elsewhere" hints and answers as an unknown name. The other role's same
 * requests go through, and an argument outside the role's constraint is refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpProcess, startHttp, text } from './helpers.js';

const CATALOG_SERVER = fileURLToPath(
  new URL('../node_modules/@x/core/dist/catalog-server/bin.js', import.meta.url),
);
const JOBS = [
  {
    name: 'work',
    description: 'Does some numbered work and reports it.',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  },
  {
    name: 'note',
    description: 'Writes a short note of text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
];
const VAULT = [
  {
    name: 'secret_read',
    description: 'Reads one secret of the vault.',
    inputSchema: { type: 'object', properties: { key: { type: 'string' } } },
  },
];
const POLICIES = {
  roles: {
    reader: { deny: ['jobs/note', 'vault'], arguments: { 'jobs/work': { n: { enum: [1, 2] } } } },
    operator: {},
  },
  anonymous: { deny: ['*'] },
};
const ERAS = ['legacy', 'modern'] as const;

let folder: string;
const tokens = {
  reader: randomBytes(24).toString('hex'),
  operator: randomBytes(24).toString('hex'),
};
const servers: { policed?: HttpProcess; baseline?: HttpProcess } = {};
const clients: Client[] = [];

async function writeConfig(name: string, baseline: boolean): Promise<string> {
  const server = async (upstream: string, tools: unknown) => {
    const catalog = join(folder, `${upstream}.json`);
    await writeFile(catalog, JSON.stringify(tools));
    return { command: process.execPath, args: [CATALOG_SERVER, '--catalog', catalog] };
  };
  const jobs = await server('jobs', JOBS);
  const vault = await server('vault', VAULT);
  const config = join(folder, `${name}.json`);
  await writeFile(
    config,
    JSON.stringify(
      baseline
        ? {
            mcpServers: {
              jobs: { ...jobs, include: ['work'] },
              vault: { ...vault, disabled: true },
            },
          }
        : { mcpServers: { jobs, vault }, policies: POLICIES },
    ),
  );
  return config;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-cash-policy-'));
  const tokensFile = join(folder, 'tokens.json');
  await writeFile(
    tokensFile,
    JSON.stringify({ [tokens.reader]: 'reader', [tokens.operator]: 'operator' }),
  );
  const [policed, baseline] = await Promise.all([
    writeConfig('policed', false).then((config) =>
      startHttp(['aggregate', '--config', config, '--tokens', tokensFile]),
    ),
    writeConfig('baseline', true).then((config) =>
      startHttp(['aggregate', '--config', config, '--tokens', tokensFile]),
    ),
  ]);
  servers.policed = policed;
  servers.baseline = baseline;
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await Promise.all([servers.policed?.stop(), servers.baseline?.stop()]);
  await rm(folder, { recursive: true, force: true });
});

async function connect(server: HttpProcess | undefined, era: (typeof ERAS)[number], token: string) {
  if (server === undefined) throw new Error('the server did not start');
  const client = new Client(
    { name: 'x-cash-policy', version: '0.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(server.url, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

/** A call's answer as comparable text (without the per-server `_meta`). */
async function answer(client: Client, name: string, args: Record<string, unknown>) {
  const { _meta: _ignored, ...result } = await client.callTool({ name, arguments: args });
  return JSON.stringify(result);
}

describe.each(ERAS)('x-cash aggregate policies, %s era', (era) => {
  it('answers the reader as an aggregator without the denied tools would', async () => {
    const policed = await connect(servers.policed, era, tokens.reader);
    const baseline = await connect(servers.baseline, era, tokens.reader);
    const requests: [string, Record<string, unknown>][] = [
      ['help', {}],
      ['help', { namespace: 'jobs' }],
      ['help', { namespace: 'vault' }],
      ['help', { namespace: 'jobs', function: 'note' }],
      ['help', { namespace: 'jobs', kwargs: { query: 'write a note of text' } }],
      ['call', { namespace: 'jobs', function: 'note', kwargs: { text: 'hi' } }],
      ['call', { namespace: 'jobs', function: 'nots', kwargs: {} }],
      ['call', { namespace: 'jobs', function: 'secret_read', kwargs: {} }],
      ['call', { namespace: 'vault', function: 'secret_read', kwargs: { key: 'k' } }],
      ['skill', {}],
      ['skill', { namespace: 'vault' }],
    ];
    for (const [name, args] of requests) {
      const seen = await answer(policed, name, args);
      expect(seen, `${name} ${JSON.stringify(args)}`).toBe(await answer(baseline, name, args));
    }
    const index = await answer(policed, 'help', {});
    expect(index).not.toContain('vault');
    expect(index).toContain('(1 tools)');
  });

  it('lets the operator use every tool, and holds the reader to its argument constraint', async () => {
    const operator = await connect(servers.policed, era, tokens.operator);
    const reader = await connect(servers.policed, era, tokens.reader);
    const index = text(await operator.callTool({ name: 'help', arguments: {} }));
    expect(index).toContain('vault');
    expect(index).toContain('(2 tools)');
    const noted = await operator.callTool({
      name: 'call',
      arguments: { namespace: 'jobs', function: 'note', kwargs: { text: 'hi' } },
    });
    expect(noted.isError).not.toBe(true);
    const secret = await operator.callTool({
      name: 'call',
      arguments: { namespace: 'vault', function: 'secret_read', kwargs: { key: 'k' } },
    });
    expect(secret.isError).not.toBe(true);
    const within = await reader.callTool({
      name: 'call',
      arguments: { namespace: 'jobs', function: 'work', kwargs: { n: 2 } },
    });
    expect(within.isError).not.toBe(true);
    const outside = await reader.callTool({
      name: 'call',
      arguments: { namespace: 'jobs', function: 'work', kwargs: { n: 3 } },
    });
    expect(outside.isError).toBe(true);
    expect((outside.structuredContent as { code?: string }).code).toBe('INVALID_ARGUMENTS');
    expect(text(outside)).toContain('argument "n" must be one of 1, 2');
    const operatorOutside = await operator.callTool({
      name: 'call',
      arguments: { namespace: 'jobs', function: 'work', kwargs: { n: 3 } },
    });
    expect(operatorOutside.isError).not.toBe(true);
  });
});
