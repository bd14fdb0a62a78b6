/**
 * Per-caller tool policies end to end (issue 33): `x-gateway serve` with a `policies` section
 * and a tokens file of two roles, in gateway and proxy mode, in both protocol eras. Every
 * answer the restricted role gets equals, byte for byte, what a gateway whose upstreams never
 * had the denied tools answers the same role: a denied tool is absent from every listing,
 * browse, count and suggestion, and answers as an unknown one. The unrestricted role gets
 * the same requests through.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { callerOptions, ERAS, type Era, processesMentioning, writeCallerTokens } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOG,
  CATALOG_SERVER,
  type GatewayProcess,
  payload,
  startGateway,
} from './gateway-processes.js';

const VAULT = [
  {
    name: 'secret_read',
    description: 'Reads one secret of the vault.',
    inputSchema: { type: 'object', properties: { key: { type: 'string' } } },
  },
];

/** The reader may not call `jobs/note` nor see `vault`; the operator may use everything. */
const POLICIES = {
  roles: { reader: { deny: ['jobs/note', 'vault'] }, operator: {} },
  anonymous: { deny: ['*'] },
};

let folder: string;
let tokens: { reader: string; operator: string };
const gateways: Record<string, GatewayProcess> = {};

/** An mcpServers file of `jobs` and `vault`; the baseline keeps only what the reader may see. */
async function writeConfig(name: string, baseline: boolean): Promise<string> {
  const jobs = join(folder, 'jobs.json');
  const vault = join(folder, 'vault.json');
  await writeFile(jobs, JSON.stringify(CATALOG));
  await writeFile(vault, JSON.stringify(VAULT));
  const server = (catalog: string) => ({
    command: process.execPath,
    args: [CATALOG_SERVER, '--catalog', catalog],
  });
  const config = join(folder, `${name}.json`);
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: baseline
        ? {
            jobs: { ...server(jobs), include: ['work'] },
            vault: { ...server(vault), disabled: true },
          }
        : { jobs: server(jobs), vault: server(vault) },
      ...(baseline ? {} : { policies: POLICIES }),
      'x-gateway': { ranking: 'lexical' },
    }),
  );
  return config;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-gateway-policy-'));
  const written = await writeCallerTokens(folder, ['reader', 'operator']);
  tokens = { reader: written.tokens[0] as string, operator: written.tokens[1] as string };
  const policed = await writeConfig('policed', false);
  const baseline = await writeConfig('baseline', true);
  const started = await Promise.all(
    (['gateway', 'proxy'] as const).flatMap((mode) =>
      [
        ['policed', policed],
        ['baseline', baseline],
      ].map(async ([name, config]) => {
        const args = ['--tokens', written.file, '--mode', mode, '--max-inline-tokens', '20'];
        gateways[`${mode}:${name}`] = await startGateway(config as string, args);
      }),
    ),
  );
  expect(started).toHaveLength(4);
});

afterAll(async () => {
  await Promise.all(Object.values(gateways).map((gateway) => gateway.stop()));
  expect(processesMentioning(folder)).toEqual([]);
  await rm(folder, { recursive: true, force: true });
});

/** The address of a started gateway. */
function urlOf(key: string): URL {
  const gateway = gateways[key];
  if (gateway === undefined) throw new Error(`no gateway ${key} was started`);
  return gateway.url;
}

async function connect(url: URL, era: Era, token: string): Promise<Client> {
  const options = callerOptions(era, token);
  const client = new Client({ name: 'policy-matrix', version: '0.0.0' }, options.client);
  await client.connect(new StreamableHTTPClientTransport(url, options.transport));
  return client;
}

/** A call's answer as comparable text: the result, or the JSON-RPC error's code and message. */
async function answer(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  try {
    return JSON.stringify(await client.callTool({ name, arguments: args }));
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return JSON.stringify({ code, message });
  }
}

/** The tool ids the operator sees in gateway mode (the full catalog). */
async function operatorIds(client: Client): Promise<string[]> {
  const result = await client.callTool({
    name: 'tool_browse',
    arguments: { query: 'work note secret', top_k: 50 },
  });
  return (payload(result).cards as { id: string }[]).map((card) => card.id).sort();
}

describe.each(ERAS)('policies in gateway mode, %s era', (era) => {
  it('shows the reader exactly what a gateway without the denied tools shows', async () => {
    const policed = await connect(urlOf('gateway:policed'), era, tokens.reader);
    const baseline = await connect(urlOf('gateway:baseline'), era, tokens.reader);
    const operator = await connect(urlOf('gateway:policed'), era, tokens.operator);
    try {
      const ids = await operatorIds(operator);
      const note = ids.find((id) => id.startsWith('jobs:note#')) as string;
      const secret = ids.find((id) => id.startsWith('vault:secret_read#')) as string;
      expect(note).toBeDefined();
      expect(secret).toBeDefined();
      // An artifact of the operator's, whose handle the reader then tries.
      const stored = payload(
        await operator.callTool({
          name: 'tool_execute',
          arguments: { tool_id: note, args: { text: 'a long note '.repeat(40) } },
        }),
      );
      const handle = (stored.artifacts as { handle: string }[])[0]?.handle as string;
      expect(handle).toMatch(/^art_/);
      expect(policed.getInstructions()).toBe(baseline.getInstructions());
      expect(await policed.listTools()).toEqual(await baseline.listTools());
      const requests: [string, Record<string, unknown>][] = [
        ['tool_browse', { query: 'write a short note of text' }],
        ['tool_browse', { query: 'read a secret of the vault', top_k: 50 }],
        ['tool_browse', { path: '/' }],
        ['tool_browse', { path: '/jobs' }],
        ['tool_browse', { path: '/vault' }],
        ['tool_execute', { tool_id: note, args: { text: 'hi' } }],
        ['tool_execute', { tool_id: secret, args: { key: 'k' } }],
        ['tool_execute', { tool_id: note.replace(/#.*/, '#00000000'), args: {} }],
        ['tool_view', { handle, selector: 'head' }],
      ];
      for (const [name, args] of requests) {
        const seen = await answer(policed, name, args);
        expect(seen, `${name} ${JSON.stringify(args)}`).toBe(await answer(baseline, name, args));
        if (name === 'tool_browse') {
          // Nothing the caller did not send names a denied tool.
          expect(seen).not.toContain('note#');
          expect(seen).not.toContain('secret_read');
        }
      }
      // The operator's same requests go through.
      const ran = payload(
        await operator.callTool({
          name: 'tool_execute',
          arguments: { tool_id: note, args: { text: 'hi' } },
        }),
      );
      expect(ran.status).toBe('ok');
      const browsed = await answer(operator, 'tool_browse', { path: '/' });
      expect(browsed).toContain('vault');
    } finally {
      await Promise.all([policed.close(), baseline.close(), operator.close()]);
    }
  });
});

describe.each(ERAS)('policies in proxy mode, %s era', (era) => {
  it('lists and runs for the reader exactly what a proxy without the denied tools does', async () => {
    const policed = await connect(urlOf('proxy:policed'), era, tokens.reader);
    const baseline = await connect(urlOf('proxy:baseline'), era, tokens.reader);
    const operator = await connect(urlOf('proxy:policed'), era, tokens.operator);
    try {
      const all = (await operator.listTools()).tools.map((tool) => tool.name);
      const noteName = all.find((name) => name.startsWith('jobs__note')) as string;
      const secretName = all.find((name) => name.startsWith('vault__secret_read')) as string;
      expect(noteName).toBeDefined();
      expect(secretName).toBeDefined();
      const listed = await policed.listTools();
      expect(listed).toEqual(await baseline.listTools());
      expect(listed.tools.map((tool) => tool.name)).not.toContain(noteName);
      const hydrated = JSON.parse(
        (
          (await operator.callTool({ name: 'tool_hydrate', arguments: { tool_id: noteName } }))
            .content as { text: string }[]
        )[0]?.text ?? '{}',
      ) as { tool_id: string };
      const note = hydrated.tool_id;
      expect(note).toMatch(/^jobs:note#/);
      const requests: [string, Record<string, unknown>][] = [
        [noteName, {}],
        [secretName, {}],
        ['tool_hydrate', { tool_id: note }],
        ['tool_hydrate', { tool_id: noteName }],
        ['tool_execute', { tool_id: note, args: { text: 'hi' } }],
        ['tool_execute', { tool_id: secretName, args: {} }],
      ];
      for (const [name, args] of requests) {
        expect(await answer(policed, name, args), `${name} ${JSON.stringify(args)}`).toBe(
          await answer(baseline, name, args),
        );
      }
      const ran = await operator.callTool({
        name: 'tool_execute',
        arguments: { tool_id: note, args: { text: 'hi' } },
      });
      expect(ran.isError).not.toBe(true);
    } finally {
      await Promise.all([policed.close(), baseline.close(), operator.close()]);
    }
  });
});
