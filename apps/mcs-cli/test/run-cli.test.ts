import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoService, startDemoService } from '../src/demo/demo-service.js';
import { runCli } from '../src/run-cli.js';

let service: DemoService;

beforeAll(async () => {
  service = await startDemoService();
});

afterAll(async () => {
  await service.close();
});

async function run(
  argv: string[],
  stdin = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    readStdin: async () => stdin,
    writeStdout: (text) => {
      stdout += text;
    },
    writeStderr: (text) => {
      stderr += text;
    },
    waitForShutdown: async () => undefined,
  });
  return { code, stdout, stderr };
}

const openapi = () => ['--openapi', service.documentUrl];

describe('x-mcs describe and system-message', () => {
  it('prints the description in the chosen format', async () => {
    const openApi = await run(['describe', ...openapi()]);
    expect(openApi.code).toBe(0);
    expect(JSON.parse(openApi.stdout)).toMatchObject({ openapi: '3.1.0' });
    const functions = await run(['describe', ...openapi(), '--format', 'functions']);
    expect((JSON.parse(functions.stdout) as { name: string }[]).map((entry) => entry.name)).toEqual(
      ['health', 'listBooks', 'addBook', 'getBook', 'adjustStock', 'placeOrder', 'getOrder'],
    );
  });

  it('prints a system message for the model that contains the description', async () => {
    const description = (
      await run(['describe', ...openapi(), '--format', 'condensed'])
    ).stdout.trim();
    const message = await run([
      'system-message',
      ...openapi(),
      '--format',
      'condensed',
      '--model',
      'claude-sonnet-4',
    ]);
    expect(message.code).toBe(0);
    expect(message.stdout).toContain(description);
    expect(message.stdout).toContain('<functions>');
  });
});

describe('x-mcs exec', () => {
  it('executes the call and prints the raw result as JSON', async () => {
    const result = await run(
      ['exec', ...openapi()],
      '```json\n{"tool": "getBook", "arguments": {"isbn": "978-0441172719"}}\n```',
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const raw = JSON.parse(result.stdout) as { status: number; body: string };
    expect(raw.status).toBe(200);
    expect(JSON.parse(raw.body)).toMatchObject({ title: 'Dune' });
  });

  it('prints a text without a call unchanged and says so on stderr', async () => {
    const text = 'Dune is in stock, three copies.';
    expect(await run(['exec', ...openapi()], text)).toEqual({
      code: 0,
      stdout: text,
      stderr: 'x-mcs: no call found in the input\n',
    });
  });

  it('prints the retry prompt and exits 1 for an invalid call', async () => {
    const result = await run(['exec', ...openapi()], '{"tool": "getBook", "arguments": {}}');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('getBook');
    expect(result.stderr).toMatch(/^x-mcs: CALL_INVALID: .*isbn/);
  });

  it('refuses duplicate "tool" keys instead of running the last one', async () => {
    const result = await run(
      ['exec', ...openapi()],
      '{"tool": "health", "tool": "getBook", "arguments": {"isbn": "978-0441172719"}}',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^x-mcs: CALL_INVALID: .*"tool" twice/);
  });

  it('executes the calls of a whole OpenAI chat-completions response', async () => {
    const call = { name: 'getBook', arguments: '{"isbn":"978-0441172719"}' };
    const message = { role: 'assistant', tool_calls: [{ id: 'c1', function: call }] };
    const response = { object: 'chat.completion', choices: [{ index: 0, message }] };
    const result = await run(['exec', ...openapi()], JSON.stringify(response, null, 2));
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const raw = JSON.parse(result.stdout) as { status: number; body: string };
    expect(JSON.parse(raw.body)).toMatchObject({ title: 'Dune' });
  });

  it('prints the detailed outcome with --detailed', async () => {
    const result = await run(
      ['exec', ...openapi(), '--detailed'],
      '{"tool": "health", "arguments": {}}',
    );
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'executed',
      calls: [{ name: 'health', arguments: {}, style: 'mcs' }],
      result: { status: 200 },
    });
  });

  it('exits 1 with the error code when the bridge fails', async () => {
    const result = await run(
      ['exec', ...openapi(), '--base-url', 'http://127.0.0.1:9/v1', '--timeout', '500'],
      '{"tool": "health", "arguments": {}}',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^x-mcs: (UNAVAILABLE|TIMEOUT): /);
  });
});

describe('x-mcs errors', () => {
  it('exits 2 with the driver error when the driver cannot be built', async () => {
    const result = await run(['describe', '--openapi', '/nonexistent/api.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^x-mcs: DOCUMENT_INVALID: /);
  });

  it('exits 2 on a usage error, pointing at --help', async () => {
    expect(await run(['describe'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'x-mcs: give a driver: --openapi FILE|URL, --mcp "<command line>", --mcp-url URL or --cash "<command line>"|URL\nRun x-mcs --help for usage.\n',
    });
    expect((await run(['--help'])).stdout).toContain('x-mcs serve-demo');
  });
});

describe('x-mcs on documents from the wild, native formats and prompt styles', () => {
  const wild = createRequire(import.meta.url).resolve(
    '@readme/oas-examples/3.0/json/schema-validation.json',
  );
  const petstore = createRequire(import.meta.url).resolve(
    '@readme/oas-examples/3.0/json/petstore.json',
  );
  const local = ['--base-url', 'http://127.0.0.1:9/'];

  it('prints what it worked around as warnings, and refuses the document under --strict', async () => {
    const lenient = await run(['describe', '--openapi', wild, ...local, '--format', 'functions']);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(
      /^x-mcs: warning: get_anything_strings: pattern .* is not a JavaScript regular expression; read as /,
    );
    const strict = await run(['describe', '--openapi', wild, ...local, '--strict']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('FUNCTION_INVALID');
  });

  it('prints the tool definitions of an API, chosen by name or by the model family', async () => {
    const openai = await run(['describe', '--openapi', petstore, ...local, '--native', 'openai']);
    expect(JSON.parse(openai.stdout)).toHaveLength(20);
    const nativeFor = (model: string) =>
      run(['describe', '--openapi', petstore, ...local, '--native', 'auto', '--model', model]);
    const auto = await nativeFor('claude-sonnet-4');
    expect((JSON.parse(auto.stdout) as { input_schema?: unknown }[])[0]).toHaveProperty(
      'input_schema',
    );
    const none = await nativeFor('llama-3.1-8b');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no native tool format');
  });

  it('describes in the schema-only style, for the operations the filters keep', async () => {
    const result = await run([
      'describe',
      '--openapi',
      petstore,
      ...local,
      '--style',
      'schema-only',
      '--include-tag',
      'store',
      '--exclude-method',
      'delete',
    ]);
    expect(result.stdout.trim().split('\n')).toEqual([
      'getInventory(): Returns pet inventories by status',
      'placeOrder(body): Place an order for a pet',
      'getOrderById(orderId): Find purchase order by ID',
      '',
      expect.stringMatching(/^function_details\(name\): /),
    ]);
  });

  it('refuses REST options for another driver and a bad native format', async () => {
    expect((await run(['describe', '--mcp', 'true', '--strict'])).stderr).toContain(
      'strict is for a REST driver',
    );
    expect((await run(['describe', '--openapi', petstore, '--native', 'cohere'])).code).toBe(2);
  });
});
