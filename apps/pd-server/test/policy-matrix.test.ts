/**
 * Per-caller tool policies end to end (issue 33): `x-pd wrap` with a `policies` section and a
 * tokens file of two roles, in both protocol eras. The restricted role's `tools/list`,
 * description reads (the grants) and calls equal, byte for byte, what a proxy whose upstreams
 * never had the denied tools answers: a denied tool is absent from the listing and the
 * resource's examples, a read names it as unknown (nearest names drawn from allowed tools),
 * and a call answers "not found". The other role's same requests go through, and a call
 * outside the restricted role's argument constraint is refused.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_SERVER } from './fault-helpers.js';
import { type HttpProcess, startHttp } from './process-helpers.js';

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
const DESCRIPTIONS = 'resource:///tool_descriptions';

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
  folder = await mkdtemp(join(tmpdir(), 'x-pd-policy-'));
  const tokensFile = join(folder, 'tokens.json');
  await writeFile(
    tokensFile,
    JSON.stringify({ [tokens.reader]: 'reader', [tokens.operator]: 'operator' }),
  );
  const start = async (name: string, baseline: boolean) =>
    startHttp(['wrap', '--config', await writeConfig(name, baseline), '--tokens', tokensFile]);
  const [policed, baseline] = await Promise.all([start('policed', false), start('baseline', true)]);
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
    { name: 'x-pd-policy', version: '0.0.0' },
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

/** One request's answer as comparable text: the result, or the JSON-RPC error. */
async function answer(run: () => Promise<unknown>): Promise<string> {
  try {
    const { _meta: _ignored, ...result } = (await run()) as Record<string, unknown>;
    return JSON.stringify(result);
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return JSON.stringify({ code, message });
  }
}

describe.each(ERAS)('x-pd wrap policies, %s era', (era) => {
  it('answers the reader as a proxy without the denied tools would', async () => {
    const policed = await connect(servers.policed, era, tokens.reader);
    const baseline = await connect(servers.baseline, era, tokens.reader);
    const requests: [string, (client: Client) => Promise<unknown>][] = [
      ['tools/list', (client) => client.listTools()],
      ['resources/list', (client) => client.listResources()],
      ['resources/templates/list', (client) => client.listResourceTemplates()],
      ['call before read', (client) => client.callTool({ name: 'jobs__note', arguments: {} })],
      ['read denied', (client) => client.readResource({ uri: `${DESCRIPTIONS}?tools=jobs__note` })],
      [
        'read mixed',
        (client) =>
          client.readResource({
            uri: `${DESCRIPTIONS}?tools=jobs__note,vault__secret_read,jobs__work`,
          }),
      ],
      [
        'call denied',
        (client) => client.callTool({ name: 'jobs__note', arguments: { text: 'x' } }),
      ],
      ['call vault', (client) => client.callTool({ name: 'vault__secret_read', arguments: {} })],
      ['call allowed', (client) => client.callTool({ name: 'jobs__work', arguments: { n: 1 } })],
    ];
    for (const [label, run] of requests) {
      const seen = await answer(() => run(policed));
      expect(seen, label).toBe(await answer(() => run(baseline)));
      if (label.startsWith('tools/') || label.startsWith('resources/')) {
        expect(seen).not.toContain('jobs__note');
        expect(seen).not.toContain('secret_read');
      }
    }
  });

  it('lets the operator read and call every tool, and holds the reader to its constraint', async () => {
    const operator = await connect(servers.policed, era, tokens.operator);
    const reader = await connect(servers.policed, era, tokens.reader);
    const names = (await operator.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining(['jobs__note', 'jobs__work', 'vault__secret_read']),
    );
    await operator.readResource({ uri: `${DESCRIPTIONS}?tools=jobs__note,vault__secret_read` });
    const noted = await operator.callTool({ name: 'jobs__note', arguments: { text: 'hi' } });
    expect(noted.isError).not.toBe(true);
    const secret = await operator.callTool({ name: 'vault__secret_read', arguments: { key: 'k' } });
    expect(secret.isError).not.toBe(true);
    await reader.readResource({ uri: `${DESCRIPTIONS}?tools=jobs__work` });
    const within = await reader.callTool({ name: 'jobs__work', arguments: { n: 2 } });
    expect(within.isError).not.toBe(true);
    const outside = await reader.callTool({ name: 'jobs__work', arguments: { n: 3 } });
    expect(outside.isError).toBe(true);
    expect(JSON.stringify(outside.content)).toContain('argument \\"n\\" must be one of 1, 2');
  });
});
