import { describe, expect, it } from 'vitest';
import { parseCliArguments, UsageError } from '../src/arguments.js';

describe('x-pd command line', () => {
  it('reads --max-message-bytes for wrap and demo, not for measure', () => {
    expect(parseCliArguments(['demo', '--max-message-bytes', '65536'])).toMatchObject({
      kind: 'demo',
      maxMessageBytes: 65_536,
    });
    expect(() => parseCliArguments(['demo', '--max-message-bytes', '1MB'])).toThrow(
      '--max-message-bytes: expected a whole number of bytes, got "1MB"',
    );
    expect(() =>
      parseCliArguments(['measure', '--config', 'mcp.json', '--max-message-bytes', '65536']),
    ).toThrow('--max-message-bytes does not apply to measure');
  });

  it('parses wrap with every flag', () => {
    expect(
      parseCliArguments([
        'wrap',
        '--config',
        'mcp.json',
        '--http',
        '8080',
        '--tokens',
        'tokens.json',
        '--descriptions',
        'descriptions',
        '--watch',
        '--no-prefix',
        '--max-summary-tokens',
        '24',
        '--schema',
        'type-only',
        '--keep-hints',
      ]),
    ).toEqual({
      kind: 'wrap',
      configPath: 'mcp.json',
      descriptionsPath: 'descriptions',
      watch: true,
      prefixTools: false,
      groups: false,
      http: { host: '127.0.0.1', port: 8080 },
      tokensPath: 'tokens.json',
      maxSummaryTokens: 24,
      schemaStyle: 'type-only',
      keepClientHints: true,
      observability: { logFormat: 'human', logLevel: 'info', metrics: true },
    });
  });

  it('parses demo over stdio by default, and help', () => {
    expect(parseCliArguments(['demo'])).toEqual({
      kind: 'demo',
      http: undefined,
      tokensPath: undefined,
      maxSummaryTokens: undefined,
      schemaStyle: undefined,
      keepClientHints: false,
      observability: { logFormat: 'human', logLevel: 'info', metrics: false },
    });
    expect(() =>
      parseCliArguments(['measure', '--config', 'c.json', '--log-level', 'debug']),
    ).toThrow('--log-level does not apply to measure');
    expect(parseCliArguments(['measure', '--config', 'c.json', '--no-prefix'])).toEqual({
      kind: 'measure',
      configPath: 'c.json',
      descriptionsPath: undefined,
      prefixTools: false,
      maxSummaryTokens: undefined,
      schemaStyle: undefined,
      keepClientHints: false,
    });
    expect(parseCliArguments(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArguments(['help'])).toEqual({ kind: 'help' });
    expect(parseCliArguments(['wrap', '--config', 'c.json', '--groups'])).toMatchObject({
      kind: 'wrap',
      groups: true,
    });
  });

  it.each([
    [[], 'missing command'],
    [['serve'], 'unknown command "serve"'],
    [['wrap'], 'wrap needs --config FILE'],
    [['wrap', '--config'], "'--config <value>' argument missing"],
    [['demo', '--config', 'x.json'], '--config applies to wrap only'],
    [['demo', '--groups'], '--groups applies to wrap only'],
    [['measure', '--config', 'x.json', '--groups'], '--groups does not apply to measure'],
    [['demo', '--bogus'], "Unknown option '--bogus'"],
    [['demo', 'extra'], 'unexpected argument "extra"'],
    [['demo', '--http', 'nowhere:port'], '--http:'],
    [['demo', '--tokens', 't.json'], '--tokens needs --http'],
    [['demo', '--max-summary-tokens', '0'], '--max-summary-tokens must be a whole number'],
    [['demo', '--schema', 'none'], '--schema must be type-only or explicit'],
    [['wrap', '--config', 'c.json', '--watch'], '--watch needs --descriptions DIR'],
    [['measure'], 'measure needs --config FILE'],
    [['measure', '--config', 'c.json', '--http', '1'], '--http does not apply to measure'],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(() => parseCliArguments(argv)).toThrow(UsageError);
    expect(() => parseCliArguments(argv)).toThrow(message);
  });
});
