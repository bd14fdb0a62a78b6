import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RunningBridge, startBridge } from '@x/mcs/autostart';
import { createMcpDriver, type McpDriver } from '@x/mcs/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, modelOutput, STYLES, type Style } from '../helpers/model-outputs.js';
import { runBuiltCli } from '../helpers/spawn-cli.js';

const EVERYTHING = fileURLToPath(
  new URL('../../node_modules/.bin/mcp-server-everything', import.meta.url),
);
const EVERYTHING_SCRIPT = fileURLToPath(
  new URL(
    '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    import.meta.url,
  ),
);
const LOOPBACK = pathToFileURL(
  fileURLToPath(new URL('../fixtures/loopback-preload.mjs', import.meta.url)),
).href;

interface ToolResult {
  content: { type: string; text?: string; annotations?: unknown }[];
  structuredContent?: Record<string, unknown>;
}

const echo = (message: string): Call => ({ name: 'echo', arguments: { message } });

/** One call per style, each to a different tool of the everything server. */
const CASES: Record<Style, { call: Call; second: Call; check(result: unknown): void }> = {
  'fenced-json': {
    call: echo('hello from a fence'),
    second: echo('unused'),
    check: (result) =>
      expect(result).toEqual({ content: [{ type: 'text', text: 'Echo: hello from a fence' }] }),
  },
  'json-in-prose': {
    call: { name: 'get-sum', arguments: { a: 19, b: 23 } },
    second: echo('unused'),
    check: (result) =>
      expect((result as ToolResult).content[0]?.text).toBe('The sum of 19 and 23 is 42.'),
  },
  'openai-tool-calls': {
    call: { name: 'get-structured-content', arguments: { location: 'Chicago' } },
    second: echo('unused'),
    check: (result) =>
      expect((result as ToolResult).structuredContent).toMatchObject({
        temperature: expect.any(Number),
        conditions: expect.any(String),
      }),
  },
  'anthropic-tool-use': {
    call: { name: 'get-annotated-message', arguments: { messageType: 'success' } },
    second: echo('unused'),
    check: (result) =>
      expect((result as ToolResult).content[0]).toMatchObject({
        type: 'text',
        annotations: expect.any(Object),
      }),
  },
  'several-calls': {
    call: echo('first'),
    second: { name: 'get-sum', arguments: { a: 1, b: 1 } },
    check: (result) =>
      expect(result).toEqual([
        { content: [{ type: 'text', text: 'Echo: first' }] },
        { content: [{ type: 'text', text: 'The sum of 1 and 1 is 2.' }] },
      ]),
  },
  'near-json': {
    call: echo("it's near JSON"),
    second: echo('unused'),
    check: (result) =>
      expect(result).toEqual({ content: [{ type: 'text', text: "Echo: it's near JSON" }] }),
  },
};

describe('the MCP driver on the official everything server', () => {
  let driver: McpDriver;

  beforeAll(async () => {
    driver = await createMcpDriver({
      server: { command: EVERYTHING },
      upstream: { stderr: 'ignore' },
    });
  });

  afterAll(async () => {
    await driver.close();
  });

  it.each(STYLES)('executes a call written as %s (stdio)', async (style) => {
    const { call, second, check } = CASES[style];
    check(await driver.processLlmResponse(modelOutput(style, call, second)));
  });

  it.each(['fenced-json', 'anthropic-tool-use', 'near-json'] as const)(
    'executes a call written as %s through the built x-mcs exec --mcp',
    async (style) => {
      const { call, second, check } = CASES[style];
      const run = await runBuiltCli(
        ['exec', '--mcp', EVERYTHING],
        modelOutput(style, call, second),
      );
      expect(run).toMatchObject({ code: 0, stderr: '' });
      check(JSON.parse(run.stdout));
    },
  );
});

describe('x-mcs against the everything server over Streamable HTTP', () => {
  let bridge: RunningBridge;

  beforeAll(async () => {
    bridge = await startBridge({
      command: {
        command: process.execPath,
        args: ['--import', LOOPBACK, EVERYTHING_SCRIPT, 'streamableHttp'],
        env: { PORT: '{port}' },
      },
      endpoint: 'http://{host}:{port}/mcp',
      health: { type: 'mcp' },
    });
  });

  afterAll(async () => {
    await bridge.close();
  });

  it.each(['json-in-prose', 'several-calls'] as const)(
    'executes a call written as %s through x-mcs exec --mcp-url',
    async (style) => {
      const { call, second, check } = CASES[style];
      const run = await runBuiltCli(
        ['exec', '--mcp-url', bridge.endpoint],
        modelOutput(style, call, second),
      );
      expect(run).toMatchObject({ code: 0, stderr: '' });
      check(JSON.parse(run.stdout));
    },
  );

  it('describes the tool list in the MCP format', async () => {
    const run = await runBuiltCli(['describe', '--mcp-url', bridge.endpoint]);
    expect(run.code).toBe(0);
    const description = JSON.parse(run.stdout) as { tools: { name: string }[] };
    expect(description.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-structured-content']),
    );
  });
});
