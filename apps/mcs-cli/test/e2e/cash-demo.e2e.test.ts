import { fileURLToPath } from 'node:url';
import { McsError } from '@x/mcs';
import { type RunningBridge, startBridge } from '@x/mcs/autostart';
import { type CashDriver, createCashDriver } from '@x/mcs/cash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, modelOutput, STYLES, type Style } from '../helpers/model-outputs.js';
import { runBuiltCli } from '../helpers/spawn-cli.js';

/** `x-cash demo`: orders, inventory and crm on an in-memory SQLite database. */
const X_CASH = fileURLToPath(
  new URL('../../node_modules/@x/cash-server/dist/cli.js', import.meta.url),
);
const X_CASH_COMMAND_LINE = `'${process.execPath}' '${X_CASH}' demo`;

interface ToolResult {
  content: { type: string; text?: string }[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

function text(result: unknown): string {
  return (result as ToolResult).content.map((block) => block.text ?? '').join('\n');
}

function help(argumentsValue: Record<string, unknown> = {}): Call {
  return { name: 'help', arguments: argumentsValue };
}

function call(namespace: string, name: string, kwargs: Record<string, unknown>): Call {
  return { name: 'call', arguments: { namespace, function: name, kwargs } };
}

const CHECK_P7 = call('inventory', 'check', { product_id: 'P-7', quantity: 2 });

/** Per style, a discovery step (help or skill) and the call it leads to, with their checks. */
const CASES: Record<
  Style,
  { discover: Call; found: string; run: Call; check(result: unknown): void }
> = {
  'fenced-json': {
    discover: help({ namespace: 'inventory' }),
    found: '- **check** — Check whether a quantity of a product is in stock.',
    run: CHECK_P7,
    check: (result) =>
      expect(JSON.parse(text(result))).toEqual({
        product_id: 'P-7',
        quantity: 2,
        stock: expect.any(Number),
        available: true,
      }),
  },
  'json-in-prose': {
    discover: help({ namespace: 'crm', function: 'get' }),
    found: '| customer_id | string | yes |',
    run: call('crm', 'get', { customer_id: 'C-42' }),
    check: (result) => expect(JSON.parse(text(result))).toMatchObject({ name: 'Grace Liskov' }),
  },
  'openai-tool-calls': {
    discover: help(),
    found: '- **crm** — Manage contacts and accounts.',
    run: call('crm', 'list', { tier: 'gold' }),
    check: (result) =>
      expect(JSON.parse(text(result))).toContainEqual(
        expect.objectContaining({ id: 'C-1', tier: 'gold' }),
      ),
  },
  'anthropic-tool-use': {
    discover: help({ namespace: 'orders' }),
    found: '- **retail** — Retail channel orders.',
    run: call('inventory', 'list', { low_stock: 5 }),
    check: (result) =>
      expect(JSON.parse(text(result))).toContainEqual({
        id: 'P-1',
        name: 'Widget A',
        price: 2.5,
        stock: 0,
      }),
  },
  'several-calls': {
    discover: help({ namespace: 'inventory', function: 'check' }),
    found: '# inventory.check',
    run: CHECK_P7,
    check: (result) => expect(JSON.parse(text(result))).toMatchObject({ available: true }),
  },
  'near-json': {
    discover: { name: 'skill', arguments: {} },
    found: '**createorderwithcheck** (`orders`)',
    run: call('inventory', 'check', { product_id: "P-7's twin", quantity: 1 }),
    check: (result) =>
      expect(result).toMatchObject({
        isError: true,
        structuredContent: { code: 'INVALID_ARGUMENTS' },
      }),
  },
};

describe('the CaSH driver on x-cash demo (stdio)', () => {
  let driver: CashDriver;

  beforeAll(async () => {
    driver = await createCashDriver({
      server: { command: process.execPath, args: [X_CASH, 'demo'] },
      upstream: { stderr: 'ignore' },
    });
  });

  afterAll(async () => {
    await driver.close();
  });

  it.each(STYLES)('discovers with help, then calls, both written as %s', async (style) => {
    const { discover, found, run, check } = CASES[style];
    if (style === 'several-calls') {
      const both = (await driver.processLlmResponse(
        modelOutput(style, discover, run),
      )) as unknown[];
      expect(both).toHaveLength(2);
      expect(text(both[0])).toContain(found);
      check(both[1]);
      return;
    }
    expect(text(await driver.processLlmResponse(modelOutput(style, discover, run)))).toContain(
      found,
    );
    check(await driver.processLlmResponse(modelOutput(style, run, discover)));
  });

  it('returns an unknown namespace or function as the server reports it', async () => {
    const namespace = (await driver.processLlmResponse(
      modelOutput('fenced-json', call('warehouse', 'list', {}), help()),
    )) as ToolResult;
    expect(namespace).toMatchObject({
      isError: true,
      structuredContent: { code: 'UNKNOWN_NAMESPACE', help: 'help()' },
    });
    const name = (await driver.processLlmResponse(
      modelOutput('json-in-prose', call('inventory', 'forecast', {}), help()),
    )) as ToolResult;
    expect(name).toMatchObject({ isError: true, structuredContent: { code: 'UNKNOWN_FUNCTION' } });
  });

  it('refuses calls the three tool schemas reject, with a retry prompt, and runs nothing', async () => {
    const before = (await driver.getStatus()).calls;
    const outputs = [
      modelOutput('fenced-json', { name: 'call', arguments: { namespace: 'crm' } }, help()),
      modelOutput(
        'openai-tool-calls',
        { name: 'call', arguments: { function: 'list', kwargs: [1] } },
        help(),
      ),
      modelOutput(
        'anthropic-tool-use',
        { name: 'inventory.check', arguments: { product_id: 'P-7' } },
        help(),
      ),
      '{"tool": "call", "arguments": {"function": "list", "kwargs": {"__proto__": {"admin": true}}}}',
    ];
    for (const output of outputs) {
      const error = await driver.processLlmResponse(output).catch((thrown: unknown) => thrown);
      expect(McsError.isInstance(error) && error.code, output).toBe('CALL_INVALID');
      expect((error as McsError).retryPrompt, output).toContain('call, help, skill');
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect((await driver.getStatus()).calls).toBe(before);
  });

  it('answers a huge or deeply nested output without a crash', async () => {
    const huge = `${'{"tool": "help", '.repeat(20_000)}`;
    const deep = `${'['.repeat(5_000)}{"tool": "help", "arguments": {}}${']'.repeat(5_000)}`;
    for (const output of [huge, deep]) {
      const response = await driver.processLlmResponseDetailed(output);
      expect(['no_call', 'invalid_call']).toContain(response.status);
    }
    expect(await driver.healthcheck()).toMatchObject({ status: 'ok', tools: 3 });
  });

  it.each(['fenced-json', 'near-json'] as const)(
    'executes a call written as %s through the built x-mcs exec --cash',
    async (style) => {
      const { run, discover, check } = CASES[style];
      const result = await runBuiltCli(
        ['exec', '--cash', X_CASH_COMMAND_LINE],
        modelOutput(style, run, discover),
      );
      expect(result).toMatchObject({ code: 0, stderr: '' });
      check(JSON.parse(result.stdout));
    },
  );

  it('prints the retry prompt and exits 1 for a direct call of a discovered function', async () => {
    const result = await runBuiltCli(
      ['exec', '--cash', X_CASH_COMMAND_LINE],
      '{"tool": "crm.get", "arguments": {"customer_id": "C-42"}}',
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '{"tool":"call","arguments":{"namespace":"crm","function":"get","kwargs":{}}}',
    );
    expect(result.stderr).toContain('CALL_INVALID');
  });
});

describe('x-mcs against x-cash demo over Streamable HTTP', () => {
  let bridge: RunningBridge;

  beforeAll(async () => {
    bridge = await startBridge({
      command: { command: process.execPath, args: [X_CASH, 'demo', '--http', '127.0.0.1:{port}'] },
      endpoint: 'http://{host}:{port}/mcp',
      health: { type: 'mcp' },
    });
  });

  afterAll(async () => {
    await bridge.close();
  });

  it('executes help and call written as two calls through x-mcs exec --cash URL', async () => {
    const { discover, run } = CASES['several-calls'];
    const result = await runBuiltCli(
      ['exec', '--cash', bridge.endpoint],
      modelOutput('several-calls', discover, run),
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const [helpResult, callResult] = JSON.parse(result.stdout) as unknown[];
    expect(text(helpResult)).toContain('# inventory.check');
    expect(JSON.parse(text(callResult))).toMatchObject({ product_id: 'P-7', available: true });
  });

  it('describes the three tools and prints the workflow in the system message', async () => {
    const described = await runBuiltCli(['describe', '--cash', bridge.endpoint]);
    expect(described.code).toBe(0);
    const description = JSON.parse(described.stdout) as { tools: { name: string }[] };
    expect(description.tools.map((tool) => tool.name)).toEqual(['call', 'help', 'skill']);
    const message = await runBuiltCli([
      'system-message',
      '--cash',
      bridge.endpoint,
      '--model',
      'claude-sonnet-4',
      '--format',
      'condensed',
    ]);
    expect(message.code).toBe(0);
    expect(message.stdout).toContain('call(namespace?: string, function: string');
    expect(message.stdout).toContain('<workflow>');
  });
});
