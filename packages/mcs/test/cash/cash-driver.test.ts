import { fileURLToPath } from 'node:url';
import { type RunningHttpServer, serveHttp } from '@x/core/serve';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CASH_DRIVER_ID, type CashDriver, createCashDriver } from '../../src/cash/index.js';
import { createOrchestrator, hasCapability, McsError, runDriverTestKit } from '../../src/index.js';
import type { McpToolResult } from '../../src/mcp/index.js';
import { createShop } from '../fixtures/cash/shop.mjs';

const STDIO_SHOP = fileURLToPath(new URL('../fixtures/cash/stdio-shop.mjs', import.meta.url));
const EVERYTHING = fileURLToPath(
  new URL('../../node_modules/.bin/mcp-server-everything', import.meta.url),
);

function text(result: unknown): string {
  return (result as McpToolResult).content
    .map((block) => (block.type === 'text' ? block.text : ''))
    .join('\n');
}

async function rejection(promise: Promise<unknown>): Promise<McsError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!McsError.isInstance(error)) throw new Error(`expected a McsError, got ${String(error)}`);
  return error;
}

describe('the CaSH driver on a CaSH server over stdio', () => {
  let driver: CashDriver;

  beforeAll(async () => {
    driver = await createCashDriver({
      server: { command: process.execPath, args: [STDIO_SHOP] },
      upstream: { stderr: 'ignore' },
    });
  });

  afterAll(async () => {
    await driver.close();
  });

  it('declares its own metadata and the three tools as its spec', () => {
    expect(driver.meta).toMatchObject({
      id: CASH_DRIVER_ID,
      prefix: 'cash',
      protocol: 'CaSH',
      transport: 'stdio',
      spec_format: 'MCP-Tools',
      capabilities: ['cache', 'healthcheck', 'status'],
    });
    expect(driver.listFunctions().map((definition) => definition.name)).toEqual([
      'call',
      'help',
      'skill',
    ]);
    const description = JSON.parse(driver.getFunctionDescription()) as {
      tools: { name: string; inputSchema: { required?: string[] } }[];
    };
    expect(description.tools.map((tool) => tool.name)).toEqual(['call', 'help', 'skill']);
    expect(description.tools[0]?.inputSchema.required).toEqual(['function']);
  });

  it('explains discover-then-call in the system message of every model family', () => {
    for (const model of [undefined, 'gpt-4o', 'claude-sonnet-4', 'llama-3.1-8b']) {
      const message = driver.getDriverSystemMessage(model);
      expect(message, model).toContain(driver.getFunctionDescription());
      expect(message, model).toContain('Start with `help` and no arguments');
      expect(message, model).toContain(
        '{"tool":"call","arguments":{"namespace":"<namespace>","function":"<function>","kwargs":{"<argument>":"..."}}}',
      );
      expect(message, model).toContain('`skill` without arguments');
      expect(message, model).not.toContain('"arguments":{"function":"..."}');
    }
    expect(driver.getDriverSystemMessage('claude-sonnet-4')).toMatch(
      /<workflow>[\s\S]+<\/workflow>$/,
    );
    expect(driver.getDriverSystemMessage('gpt-4o')).toContain('## Finding and running functions');
  });

  it('discovers with help, then runs the function it found with call', async () => {
    const index = text(await driver.processLlmResponse('{"tool": "help", "arguments": {}}'));
    expect(index).toContain('**books** — Search and read the catalogue.');
    const books = text(
      await driver.processLlmResponse(
        'Let me see what books offers.\n```json\n{"tool": "help", "arguments": {"namespace": "books"}}\n```',
      ),
    );
    expect(books).toContain('**search**');
    const found = await driver.processLlmResponse(
      '{"tool": "call", "arguments": {"namespace": "books", "function": "search", "kwargs": {"query": "dune"}}}',
    );
    expect(JSON.parse(text(found))).toEqual([
      { isbn: '978-0441172719', title: 'Dune', author: 'Frank Herbert', available: true },
    ]);
  });

  it('returns the skill text through skill', async () => {
    const skill = await driver.processLlmResponse(
      '{"tool": "skill", "arguments": {"namespace": "books", "skillname": "borrow"}}',
    );
    expect(text(skill)).toContain('check `available`');
  });

  it('returns the errors the server reports as raw isError results', async () => {
    const unknown = (await driver.processLlmResponse(
      '{"tool": "call", "arguments": {"namespace": "books", "function": "lend", "kwargs": {}}}',
    )) as McpToolResult;
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent).toMatchObject({ code: 'UNKNOWN_FUNCTION' });
    expect(text(unknown)).toContain('help(namespace="books")');
    const badKwargs = (await driver.processLlmResponse(
      '{"tool": "call", "arguments": {"namespace": "books", "function": "get", "kwargs": {"isbn": 42}}}',
    )) as McpToolResult;
    expect(badKwargs).toMatchObject({
      isError: true,
      structuredContent: { code: 'INVALID_ARGUMENTS' },
    });
  });

  it('refuses arguments that fail the tool schemas before calling the server', async () => {
    const before = (await driver.getStatus()).calls;
    for (const output of [
      '{"tool": "call", "arguments": {"namespace": "books", "kwargs": {}}}',
      '{"tool": "call", "arguments": {"function": "search", "kwargs": "dune"}}',
      '{"tool": "help", "arguments": "books"}',
    ]) {
      const error = await rejection(driver.processLlmResponse(output));
      expect(error.code, output).toBe('CALL_INVALID');
      expect(error.retryPrompt, output).toContain('Available functions: call, help, skill.');
    }
    expect((await driver.getStatus()).calls).toBe(before);
  });

  it('shows the call to write when the model calls a discovered function by name', async () => {
    const response = await driver.processLlmResponseDetailed(
      '{"tool": "books.search", "arguments": {"query": "dune"}}',
    );
    expect(response.status).toBe('invalid_call');
    expect(response.status === 'invalid_call' && response.retryPrompt).toContain(
      'run them through call, with their arguments in kwargs, e.g. {"tool":"call","arguments":{"namespace":"books","function":"search","kwargs":{}}}',
    );
  });

  it('answers text without a call with the text itself', async () => {
    const answer = 'Dune is available; Emma is on loan until May.';
    expect(await driver.processLlmResponse(answer)).toBe(answer);
  });

  it('reads the help index on warmup and reports it in the status', async () => {
    expect(hasCapability(driver, 'cache')).toBe(true);
    await driver.warmup();
    expect(driver.helpIndex).toContain('**loans**');
    expect(await driver.getStatus()).toMatchObject({
      server: { name: 'test-bookshop', version: '1.0.0' },
      cashTools: ['call', 'help', 'skill'],
      helpIndexRead: true,
      failures: 0,
    });
    expect(await driver.healthcheck()).toMatchObject({ status: 'ok', tools: 3 });
    expect(driver.getDriverSystemMessage()).not.toContain('**loans**');
  });

  it('passes recorded test kit cases', async () => {
    const report = await runDriverTestKit(driver, [
      {
        name: 'help in prose',
        modelOutput:
          'First I need the namespaces: {"tool": "help", "arguments": {}} and then I will look.',
        expect: {
          status: 'executed',
          calls: [{ name: 'help', arguments: {} }],
          resultContains: 'Available Namespaces',
        },
      },
      {
        name: 'unknown tool',
        modelOutput: '{"tool": "lend_book", "arguments": {"isbn": "1"}}',
        expect: { status: 'invalid_call', reasons: ['unknown_function'] },
      },
    ]);
    expect(report.failed).toBe(0);
  });

  it('joins an orchestrator under its cash prefix', async () => {
    const orchestrator = createOrchestrator({ drivers: [{ driver }] });
    expect(orchestrator.listFunctions().map((definition) => definition.name)).toEqual([
      'cash_call',
      'cash_help',
      'cash_skill',
    ]);
    const result = await orchestrator.processLlmResponse(
      '{"tool": "cash_call", "arguments": {"namespace": "loans", "function": "due", "kwargs": {"member": "M-1"}}}',
    );
    expect(JSON.parse(text(result))).toEqual([
      { member: 'M-1', isbn: '978-0141439587', due: '2026-05-01' },
    ]);
  });
});

describe('the CaSH driver over Streamable HTTP', () => {
  let http: RunningHttpServer | undefined;
  let driver: CashDriver | undefined;

  afterEach(async () => {
    await driver?.close();
    await http?.close();
    driver = undefined;
    http = undefined;
  });

  it('puts the help index in the system message when asked to', async () => {
    const shop = createShop();
    http = await serveHttp(() => shop.createMcpServer(), { port: 0 });
    driver = await createCashDriver({
      server: { url: http.url.href },
      includeHelpIndex: true,
      descriptionFormat: 'condensed',
    });
    expect(driver.meta.transport).toBe('HTTP');
    expect(driver.getFunctionDescription()).toMatch(/^call\(namespace\?: string, function: string/);
    const message = driver.getDriverSystemMessage('gpt-4o');
    expect(message).toContain('The namespaces are listed below');
    expect(message).toContain('- **books** — Search and read the catalogue.');
    expect(message).not.toContain('Start with `help`');
    const got = await driver.processLlmResponse(
      "{'tool': 'call', 'arguments': {'namespace': 'books', 'function': 'get', 'kwargs': {'isbn': '978-0553293357',},},}",
    );
    expect(JSON.parse(text(got))).toMatchObject({ title: 'Foundation' });
  });
});

describe('creating a CaSH driver', () => {
  it('refuses an MCP server that has no call and help tools', async () => {
    const error = await rejection(
      createCashDriver({ server: { command: EVERYTHING }, upstream: { stderr: 'ignore' } }),
    );
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toContain('is not a CaSH server: it has no call or help tool');
  });

  it('refuses a bad timeout before connecting', async () => {
    const error = await rejection(
      createCashDriver({ server: { command: EVERYTHING }, timeoutMs: 0 }),
    );
    expect(error).toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('reports an unreachable server as UNAVAILABLE', async () => {
    const error = await rejection(
      createCashDriver({
        server: { url: 'http://127.0.0.1:9/mcp' },
        upstream: { reconnect: { maxAttempts: 1 } },
      }),
    );
    expect(error.code).toBe('UNAVAILABLE');
  });
});
