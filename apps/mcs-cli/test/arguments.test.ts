import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCliArguments, UsageError } from '../src/arguments.js';

function usageError(argv: string[]): string {
  try {
    parseCliArguments(argv);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
}

describe('parseCliArguments', () => {
  it('reads a REST driver with its options', () => {
    expect(
      parseCliArguments([
        'describe',
        '--openapi',
        './api.yaml',
        '--base-url',
        'http://127.0.0.1:8080/v1',
        '--header',
        'X-Api-Key: secret: with colon',
        '--timeout',
        '2500',
        '--format',
        'condensed',
        '--model',
        'gpt-4o',
      ]),
    ).toEqual({
      kind: 'describe',
      model: 'gpt-4o',
      driver: {
        openapi: './api.yaml',
        baseUrl: 'http://127.0.0.1:8080/v1',
        headers: { 'X-Api-Key': 'secret: with colon' },
        timeoutMs: 2500,
        format: 'condensed',
      },
    });
  });

  it('reads MCP drivers, exec and serve-demo', () => {
    expect(parseCliArguments(['exec', '--mcp', 'mcp-server-everything', '--detailed'])).toEqual({
      kind: 'exec',
      detailed: true,
      driver: { mcp: 'mcp-server-everything' },
    });
    expect(parseCliArguments(['system-message', '--mcp-url', 'http://127.0.0.1:3001/mcp'])).toEqual(
      {
        kind: 'system-message',
        model: undefined,
        driver: { mcpUrl: 'http://127.0.0.1:3001/mcp' },
      },
    );
    expect(parseCliArguments(['serve-demo', '--port', '0', '--api-key', 'k'])).toEqual({
      kind: 'serve-demo',
      port: 0,
      apiKey: 'k',
    });
    expect(parseCliArguments(['serve-demo'])).toMatchObject({ port: 8080 });
    expect(parseCliArguments(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArguments(['help'])).toEqual({ kind: 'help' });
  });

  it('reads a CaSH driver given by command line or by URL', () => {
    expect(parseCliArguments(['exec', '--cash', 'x-cash demo'])).toEqual({
      kind: 'exec',
      detailed: false,
      driver: { cash: 'x-cash demo' },
    });
    expect(
      parseCliArguments([
        'describe',
        '--cash',
        'http://127.0.0.1:3002/mcp',
        '--header',
        'Authorization: Bearer t',
        '--format',
        'condensed',
      ]),
    ).toEqual({
      kind: 'describe',
      model: undefined,
      driver: {
        cash: 'http://127.0.0.1:3002/mcp',
        headers: { Authorization: 'Bearer t' },
        format: 'condensed',
      },
    });
  });

  it('reads any "Name: value" header back as its name and trimmed value', () => {
    const token = fc.string({
      unit: fc.constantFrom(...'!#$%&*+.^_`|~0123456789abcdefXYZ-'.split('')),
      minLength: 1,
    });
    fc.assert(
      fc.property(token, fc.string({ unit: 'grapheme-ascii' }), (name, value) => {
        const command = parseCliArguments([
          'exec',
          '--openapi',
          'a.yaml',
          `--header=${name}: ${value}`,
        ]);
        expect(command).toMatchObject({ driver: { headers: { [name]: value.trim() } } });
      }),
    );
  });

  it('refuses what it cannot run, saying why', () => {
    expect(usageError([])).toBe('give a command: describe, system-message, exec or serve-demo');
    expect(usageError(['launch'])).toBe('unknown command "launch"');
    expect(usageError(['describe'])).toBe(
      'give a driver: --openapi FILE|URL, --mcp "<command line>", --mcp-url URL or --cash "<command line>"|URL',
    );
    expect(usageError(['describe', '--openapi', 'a', '--mcp', 'b'])).toBe(
      'give one driver, not --openapi and --mcp',
    );
    expect(usageError(['exec', '--openapi', 'a', '--model', 'x'])).toBe(
      'exec does not take --model',
    );
    expect(usageError(['serve-demo', '--openapi', 'a'])).toBe('serve-demo does not take --openapi');
    expect(usageError(['serve-demo', '--port', '70000'])).toBe(
      '--port must be an integer from 0 to 65535, got "70000"',
    );
    expect(usageError(['exec', '--mcp', 'x', '--bearer', 't'])).toBe('bearer is for a REST driver');
    expect(usageError(['exec', '--mcp-url', 'ftp://x'])).toMatch(/^--mcp-url: /);
    expect(usageError(['exec', '--openapi', 'a', '--header', 'no colon'])).toBe(
      '--header must look like "Name: value", got "no colon"',
    );
    expect(usageError(['exec', '--openapi', 'a', '--format', 'mcp'])).toBe(
      'the mcp format is for an MCP or CaSH driver',
    );
    expect(usageError(['exec', '--cash', 'x-cash demo', '--bearer', 't'])).toBe(
      'bearer is for a REST driver',
    );
    expect(usageError(['exec', '--cash', 'http://'])).toBe('--cash: not a valid URL');
    expect(usageError(['exec', '--cash', 'x-cash demo', '--mcp', 'y'])).toBe(
      'give one driver, not --mcp and --cash',
    );
    expect(usageError(['exec', '--openapi', 'a', '--verbose'])).toMatch(/verbose/);
    expect(usageError(['exec', '--openapi', 'a', 'extra'])).toBe('unexpected argument "extra"');
  });
});
