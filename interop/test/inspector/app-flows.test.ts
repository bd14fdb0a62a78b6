/**
 * The flows the apps' own end-to-end tests once ran with MCP Inspector 0.15, now with MCP
 * Inspector 2 in the 2026-07-28 era against one instance of each app over Streamable HTTP:
 * `x-cash demo` (help, call, a gated call and its sizelimit, a skill), `x-pd demo` and `x-pd wrap`
 * (stage-1 listing, refused call, description read, granted call, another caller refused) and
 * `x-gateway serve` in front of the official servers (the three meta-tools, browse by query and
 * by path, a real file written and read, a schema refusal, a firewalled result viewed, another
 * caller refused). Each caller is one bearer token: no session ties the invocations together.
 */

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkedPackage } from '../../src/paths.js';
import {
  firstText,
  type ModernInspector,
  modernInspector,
  payload,
  startApp,
  toolCall,
  writeTokens,
} from './modern-inspector.js';

const CASH = join(linkedPackage('@x/cash-server'), 'dist', 'cli.js');
const PD = join(linkedPackage('@x/pd-server'), 'dist', 'cli.js');
const PD_EXAMPLE = join(linkedPackage('@x/pd-server'), 'examples', 'mcp.json');
const PD_BIN = join(linkedPackage('@x/pd-server'), 'node_modules', '.bin');
const GATEWAY = join(linkedPackage('@x/gateway-app'), 'dist', 'cli.js');
const GATEWAY_BIN = join(linkedPackage('@x/gateway-app'), 'node_modules', '.bin');

let inspector: ModernInspector;
let folder: string;
const cleanups: (() => Promise<unknown>)[] = [];

/** Each Inspector invocation starts a Node 22 process; the flows run up to a dozen of them. */
const FLOW_TIMEOUT_MS = 240_000;

beforeAll(async () => {
  // The first run installs Node 22 and the Inspector from the npm registry (minutes).
  inspector = await modernInspector();
  folder = await mkdtemp(join(tmpdir(), 'x-inspector-flows-'));
}, 600_000);

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await inspector?.close();
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

/** Starts an app over HTTP for one test. */
async function start(name: string, args: readonly string[], env?: Record<string, string>) {
  const app = await startApp(name, args, env);
  cleanups.push(() => app.stop());
  return app.url;
}

describe('MCP Inspector 2 against x-cash demo', () => {
  it(
    'goes through help, call, a gated call, the suggested sizelimit and a skill',
    async () => {
      const url = await start('x-cash-demo', [CASH, 'demo']);
      const call = (args: Record<string, unknown>) => inspector.call(url, toolCall('call', args));
      expect(firstText(await inspector.call(url, toolCall('help', {})))).toContain(
        '- **orders** — ',
      );
      const orders = await inspector.call(url, toolCall('help', { namespace: 'orders' }));
      expect(firstText(orders)).toContain('- **list** — ');
      const check = await call({
        namespace: 'inventory',
        function: 'check',
        kwargs: { product_id: 'P-2', quantity: 1 },
      });
      expect(JSON.parse(firstText(check))).toMatchObject({ available: true });
      const gated = await call({ namespace: 'orders', function: 'list' });
      expect(firstText(gated)).toContain('**Gated:**');
      const sizelimit = Number(/sizelimit=(\d+)/.exec(firstText(gated))?.[1]);
      const full = await call({ namespace: 'orders', function: 'list', sizelimit });
      expect(JSON.parse(firstText(full)).count).toBe(5000);
      const skill = await inspector.call(
        url,
        toolCall('skill', {
          namespace: 'orders',
          skillname: 'createorderwithcheck',
          kwargs: { customer_id: 'C-9' },
        }),
      );
      expect(firstText(skill)).toContain('customer C-9');
    },
    FLOW_TIMEOUT_MS,
  );
});

/** A tool call that progressive disclosure refuses until the caller read the description. */
interface GrantFlow {
  tool: string;
  arguments: Record<string, unknown>;
  answer: string;
  required: string[];
}

/**
 * As the caller of the first token: stage 1 lists every tool without its schema, the call is
 * refused, the description read, the call works; the caller of the second token stays refused.
 * Returns the number of tools listed.
 */
async function grantFlow(url: URL, tokens: readonly string[], flow: GrantFlow): Promise<number> {
  const [alice = '', bob = ''] = tokens;
  const listed = await inspector.call(url, ['--method', 'tools/list'], alice);
  const tools = listed.tools as { name: string; inputSchema: unknown }[];
  for (const tool of tools) expect(tool.inputSchema).toEqual({ type: 'object' });
  const call = toolCall(flow.tool, flow.arguments);
  const refused = await inspector.call(url, call, alice);
  expect(refused.isError).toBe(true);
  expect(JSON.parse(firstText(refused))).toMatchObject({
    error: { code: 'TOOL_DESCRIPTION_REQUIRED' },
  });
  const uri = `resource:///tool_descriptions?tools=${flow.tool}`;
  const read = await inspector.call(url, ['--method', 'resources/read', '--uri', uri], alice);
  const body = JSON.parse((read.contents as { text: string }[])[0]?.text ?? '{}') as Record<
    string,
    unknown
  >;
  expect(Object.keys(body)).toEqual([flow.tool]);
  expect(body[flow.tool]).toMatchObject({
    name: flow.tool,
    inputSchema: { required: flow.required },
  });
  const granted = await inspector.call(url, call, alice);
  expect(granted.isError).toBeFalsy();
  expect(firstText(granted)).toContain(flow.answer);
  const other = await inspector.call(url, call, bob);
  expect(firstText(other)).toContain('TOOL_DESCRIPTION_REQUIRED');
  return tools.length;
}

describe('MCP Inspector 2 against x-pd', () => {
  it(
    'demo: twelve stage-1 tools, refused call, description read, call works; another caller stays refused',
    async () => {
      const { file, tokens } = await writeTokens(folder, ['user', 'user']);
      const url = await start('x-pd-demo', [PD, 'demo', '--tokens', file]);
      const listed = await grantFlow(url, tokens, {
        tool: 'notes_read',
        arguments: { id: 'note-3' },
        answer: 'Release checklist',
        required: ['id'],
      });
      expect(listed).toBe(12);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'wrap: the official servers behind progressive disclosure, the same flow',
    async () => {
      const { file, tokens } = await writeTokens(folder, ['user', 'user']);
      const url = await start('x-pd-wrap', [PD, 'wrap', '--config', PD_EXAMPLE, '--tokens', file], {
        PATH: `${PD_BIN}${delimiter}${process.env.PATH ?? ''}`,
      });
      const listed = await grantFlow(url, tokens, {
        tool: 'everything__get-sum',
        arguments: { a: 2, b: 40 },
        answer: '42',
        required: ['a', 'b'],
      });
      expect(listed).toBeGreaterThan(20);
    },
    FLOW_TIMEOUT_MS,
  );
});

/** A card of `tool_browse`. */
interface Card {
  id: string;
  name: string;
}

/** The result envelope of `tool_execute`. */
interface Envelope {
  status: string;
  summary: string;
  artifacts: { handle: string; lines: number }[];
  provenance: { firewall: string; upstream_name?: string };
}

describe('MCP Inspector 2 against x-gateway in front of the official servers', () => {
  it(
    'lists the three meta-tools, browses, writes and reads a file, refuses bad arguments, firewalls and views a large result; another caller cannot view it',
    async () => {
      const sandbox = join(folder, 'sandbox');
      await mkdir(sandbox, { recursive: true });
      await writeFile(join(sandbox, 'notes.txt'), 'The gateway read this file.\n');
      const log = Array.from(
        { length: 3_000 },
        (_, index) => `${index + 1} ${index % 50 === 0 ? 'ALERT' : 'ok'} request served`,
      );
      await writeFile(join(sandbox, 'big.log'), `${log.join('\n')}\n`);
      const config = join(folder, 'gateway.json');
      await writeFile(
        config,
        JSON.stringify({
          mcpServers: {
            everything: { command: join(GATEWAY_BIN, 'mcp-server-everything') },
            filesystem: { command: join(GATEWAY_BIN, 'mcp-server-filesystem'), args: [sandbox] },
            memory: {
              command: join(GATEWAY_BIN, 'mcp-server-memory'),
              env: { MEMORY_FILE_PATH: join(folder, 'memory.jsonl') },
            },
          },
        }),
      );
      const { file, tokens } = await writeTokens(folder, ['user', 'user']);
      const [alice = '', bob = ''] = tokens;
      const url = await start('x-gateway', [
        GATEWAY,
        'serve',
        '--config',
        config,
        '--tokens',
        file,
        '--quiet',
      ]);
      const call = (name: string, args: Record<string, unknown>, token = alice) =>
        inspector.call(url, toolCall(name, args), token);

      const listed = await inspector.call(url, ['--method', 'tools/list'], alice);
      expect((listed.tools as { name: string }[]).map((tool) => tool.name)).toEqual([
        'tool_browse',
        'tool_execute',
        'tool_view',
      ]);

      const byQuery = await call('tool_browse', {
        query: 'create entities in the knowledge graph',
        top_k: 3,
      });
      expect((payload(byQuery).cards as Card[])[0]?.id).toMatch(
        /^memory:create_entities#[0-9a-f]{8}$/,
      );
      expect(firstText(byQuery).split('\n')[0]).toBe(
        '3 tools, best first. Run one with tool_execute(tool_id, args):',
      );
      const byPath = await call('tool_browse', { path: '/' });
      expect((payload(byPath).cards as Card[]).map((card) => card.id)).toEqual([
        '/everything',
        '/filesystem',
        '/memory',
      ]);

      const cardId = async (query: string, name: string) => {
        const browsed = await call('tool_browse', { query, top_k: 5 });
        const id = (payload(browsed).cards as Card[]).find((card) => card.name === name)?.id;
        if (id === undefined) throw new Error(`no ${name} card for "${query}"`);
        return id;
      };
      const writeId = await cardId('write a new file', 'write_file');
      const written = await call('tool_execute', {
        tool_id: writeId,
        args: { path: join(sandbox, 'written.txt'), content: 'written through the gateway' },
      });
      expect((payload(written) as unknown as Envelope).status).toBe('ok');
      expect(await readFile(join(sandbox, 'written.txt'), 'utf8')).toBe(
        'written through the gateway',
      );
      const readId = await cardId('read text file contents', 'read_text_file');
      expect(readId).toMatch(/^filesystem:read_text_file#[0-9a-f]{8}$/);
      const read = await call('tool_execute', {
        tool_id: readId,
        args: { path: join(sandbox, 'notes.txt') },
      });
      expect(payload(read)).toMatchObject({
        status: 'ok',
        summary: 'The gateway read this file.\n',
        provenance: { firewall: 'inline', upstream_name: 'read_text_file' },
      });

      const refused = await call('tool_execute', { tool_id: readId, args: { file: 'x' } });
      expect(refused.isError).toBe(true);
      expect(payload(refused)).toMatchObject({ error: 'ARGS_INVALID', retryable: false });

      const large = await call('tool_execute', {
        tool_id: readId,
        args: { path: join(sandbox, 'big.log') },
      });
      const envelope = payload(large) as unknown as Envelope;
      expect(envelope.provenance.firewall).toBe('artifact');
      expect(envelope.artifacts[0]).toMatchObject({ lines: 3_001 });
      expect(envelope.summary.startsWith('1 ALERT request served\n2 ok request served')).toBe(true);
      expect(JSON.stringify(large).length).toBeLessThan(4_000);
      const handle = envelope.artifacts[0]?.handle ?? '';
      const lines = await call('tool_view', { handle, selector: 'lines:2000-2002' });
      expect(payload(lines)).toMatchObject({
        text: '2000 ok request served\n2001 ALERT request served\n2002 ok request served',
        total: 3_001,
      });
      const alerts = await call('tool_view', { handle, selector: 'grep:ALERT' });
      expect(payload(alerts)).toMatchObject({ total: 60, unit: 'matches' });
      const foreign = await call('tool_view', { handle, selector: 'lines:1-2' }, bob);
      expect(foreign.isError).toBe(true);
    },
    FLOW_TIMEOUT_MS,
  );
});
