import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCall, hasCapability, McsError, runDriverTestKit } from '../../src/index.js';
import { createMcpDriver, type McpDriver } from '../../src/mcp/index.js';

const EVERYTHING = fileURLToPath(
  new URL('../../node_modules/.bin/mcp-server-everything', import.meta.url),
);
const CHANGING = fileURLToPath(
  new URL('../fixtures/mcp/changing-tools-server.mjs', import.meta.url),
);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the MCP driver on the official everything server (stdio)', () => {
  let driver: McpDriver;

  beforeAll(async () => {
    driver = await createMcpDriver({
      server: { command: EVERYTHING },
      name: 'everything',
      upstream: { stderr: 'ignore' },
    });
  });

  afterAll(async () => {
    await driver.close();
  });

  it('exposes the tool list as its spec, in the MCP format', () => {
    expect(driver.meta).toMatchObject({
      protocol: 'MCP',
      transport: 'stdio',
      spec_format: 'MCP-Tools',
    });
    const names = driver.listFunctions().map((definition) => definition.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image']));
    const description = JSON.parse(driver.getFunctionDescription()) as {
      tools: { name: string; inputSchema: unknown }[];
    };
    expect(description.tools.map((tool) => tool.name)).toEqual(names);
    expect(description.tools.find((tool) => tool.name === 'echo')?.inputSchema).toMatchObject({
      required: ['message'],
    });
    expect(driver.getDriverSystemMessage('claude-sonnet-4')).toContain('"get-sum"');
  });

  it('executes a call in every style the parser reads and returns the raw CallToolResult', async () => {
    const call = { name: 'get-sum', arguments: { a: 2, b: 40 } };
    for (const style of ['mcs', 'openai', 'anthropic', 'gemini', 'react'] as const) {
      const result = await driver.processLlmResponse(`Let me add.\n${formatCall(call, style)}`);
      expect(result, style).toEqual({
        content: [{ type: 'text', text: 'The sum of 2 and 40 is 42.' }],
      });
    }
  });

  it('refuses arguments that fail the tool input schema before calling the server', async () => {
    const before = (await driver.getStatus()).calls;
    const rejection = await driver
      .processLlmResponse('{"tool": "get-sum", "arguments": {"a": 1, "b": "two"}}')
      .catch((error: unknown) => error);
    expect(McsError.isInstance(rejection) && rejection.code).toBe('CALL_INVALID');
    expect((rejection as McsError).retryPrompt).toContain('get-sum');
    expect((await driver.getStatus()).calls).toBe(before);
  });

  it('runs several calls in text order and returns their results as an array', async () => {
    const text = [
      '```json\n{"tool": "echo", "arguments": {"message": "one"}}\n```',
      '```json\n{"tool": "echo", "arguments": {"message": "two"}}\n```',
    ].join('\nthen\n');
    expect(await driver.processLlmResponse(text)).toEqual([
      { content: [{ type: 'text', text: 'Echo: one' }] },
      { content: [{ type: 'text', text: 'Echo: two' }] },
    ]);
  });

  it('declares healthcheck, cache and status, and each answers', async () => {
    expect(hasCapability(driver, 'healthcheck') && (await driver.healthcheck())).toMatchObject({
      status: 'ok',
    });
    expect(hasCapability(driver, 'cache') && (await driver.warmup())).toBeUndefined();
    expect(await driver.getStatus()).toMatchObject({
      server: { name: 'mcp-servers/everything' },
      connection: 'ready',
      skippedTools: [],
    });
    expect(hasCapability(driver, 'stream')).toBe(false);
  });

  it('passes the driver test kit with recorded cases', async () => {
    const report = await runDriverTestKit(driver, [
      {
        name: 'an Anthropic tool_use block',
        modelOutput:
          '[{"type": "tool_use", "id": "toolu_1", "name": "echo", "input": {"message": "kit"}}]',
        expect: {
          status: 'executed',
          calls: [{ name: 'echo', arguments: { message: 'kit' } }],
          resultContains: 'Echo: kit',
        },
      },
      { name: 'prose', modelOutput: 'No tool is needed.', expect: { status: 'no_call' } },
      {
        name: 'an unknown tool',
        modelOutput: '{"tool": "echo_twice", "arguments": {}}',
        expect: { status: 'invalid_call' },
      },
    ]);
    expect(report.failed).toBe(0);
  });
});

describe('the MCP driver on a server whose tools change', () => {
  let driver: McpDriver | undefined;

  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });

  async function open(timeoutMs?: number): Promise<McpDriver> {
    driver = await createMcpDriver({
      server: { command: process.execPath, args: [CHANGING] },
      upstream: { stderr: 'ignore', closeGraceMs: 100 },
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    return driver;
  }

  it('follows tools/list_changed: a new tool becomes callable', async () => {
    const changing = await open();
    expect(changing.listFunctions().map((definition) => definition.name)).not.toContain(
      'late_tool',
    );
    await changing.processLlmResponse('{"tool": "add_tool", "arguments": {}}');
    await waitFor(
      () => changing.listFunctions().some((definition) => definition.name === 'late_tool'),
      'late_tool',
    );
    expect(changing.getFunctionDescription()).toContain('late_tool');
    expect(
      await changing.processLlmResponse('{"tool": "late_tool", "arguments": {"word": "hello"}}'),
    ).toEqual({ content: [{ type: 'text', text: 'late hello' }] });
  });

  it('returns a tool error as a raw result with isError, not as a rejection', async () => {
    const changing = await open();
    expect(await changing.processLlmResponse('{"tool": "fail", "arguments": {}}')).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'this tool always fails' }],
    });
  });

  it('fails a call that outlasts timeoutMs with TIMEOUT and a retry prompt', async () => {
    const changing = await open(200);
    const rejection = await changing
      .processLlmResponse('{"tool": "slow", "arguments": {"ms": 5000}}')
      .catch((error: unknown) => error);
    expect(rejection).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect((rejection as McsError).retryPrompt).toContain('slow');
    expect(await changing.getStatus()).toMatchObject({ failures: 1, lastErrorCode: 'TIMEOUT' });
  });

  it('ends the server process on close, and reports an error health afterwards', async () => {
    const changing = await open();
    const pid = changing.upstream.pid;
    expect(pid !== undefined && isAlive(pid)).toBe(true);
    await changing.close();
    driver = undefined;
    await waitFor(() => !isAlive(pid as number), 'the server to exit');
    expect(await changing.healthcheck()).toMatchObject({ status: 'error' });
  });
});

describe('createMcpDriver', () => {
  it('rejects with UNAVAILABLE when the server cannot be started', async () => {
    await expect(
      createMcpDriver({
        server: { command: '/nonexistent/mcp-server' },
        upstream: { stderr: 'ignore' },
      }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('rejects a bad entry or option with CONFIG_INVALID', async () => {
    await expect(
      createMcpDriver({ server: { url: 'ftp://example.test/mcp' } }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(
      createMcpDriver({ server: { command: EVERYTHING }, timeoutMs: -1 }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });
});
