import { describe, expect, it } from 'vitest';
import { parseGatewayArguments, UsageError } from '../src/cli-arguments.js';

describe('parseGatewayArguments', () => {
  it('reads serve --max-message-bytes and refuses a bad value or browse', () => {
    expect(
      parseGatewayArguments(['serve', '--config', 'mcp.json', '--max-message-bytes', '65536']),
    ).toMatchObject({ kind: 'serve', maxMessageBytes: 65_536 });
    expect(() =>
      parseGatewayArguments(['serve', '--config', 'mcp.json', '--max-message-bytes', 'ten']),
    ).toThrow(new UsageError('--max-message-bytes: expected a whole number of bytes, got "ten"'));
    expect(() =>
      parseGatewayArguments(['browse', '--config', 'mcp.json', 'q', '--max-message-bytes', '4096']),
    ).toThrow('--max-message-bytes belongs to serve');
  });

  it('reads serve with its defaults', () => {
    expect(parseGatewayArguments(['serve', '--config', 'mcp.json'])).toEqual({
      kind: 'serve',
      configPath: 'mcp.json',
      mode: 'gateway',
      http: undefined,
      tokensPath: undefined,
      oauthPath: undefined,
      toolNames: 'client-safe',
      maxInlineTokens: undefined,
      quiet: false,
      observability: { logFormat: 'human', logLevel: 'info', metrics: false },
    });
  });

  it('reads the log and metrics flags; --metrics defaults on over HTTP and needs it', () => {
    expect(
      parseGatewayArguments([
        'serve',
        '--config',
        'mcp.json',
        '--http',
        '0',
        '--log-format',
        'json',
        '--log-level',
        'debug',
      ]),
    ).toMatchObject({ observability: { logFormat: 'json', logLevel: 'debug', metrics: true } });
    expect(
      parseGatewayArguments(['serve', '--config', 'mcp.json', '--http', '0', '--metrics', 'off']),
    ).toMatchObject({ observability: { metrics: false } });
    expect(() =>
      parseGatewayArguments(['serve', '--config', 'mcp.json', '--metrics', 'on']),
    ).toThrow(new UsageError('--metrics needs --http: a stdio server has no /metrics'));
    expect(() =>
      parseGatewayArguments(['serve', '--config', 'mcp.json', '--log-format', 'xml']),
    ).toThrow(new UsageError('--log-format must be human, json; got "xml"'));
    expect(() =>
      parseGatewayArguments(['browse', '--config', 'mcp.json', 'q', '--log-level', 'debug']),
    ).toThrow('--log-level belongs to serve');
  });

  it('reads every serve option', () => {
    expect(
      parseGatewayArguments([
        'serve',
        '--config=mcp.json',
        '--mode',
        'proxy',
        '--http',
        '127.0.0.1:0',
        '--tokens',
        'tokens.json',
        '--tool-names',
        'canonical',
        '--max-inline-tokens',
        '400',
        '--quiet',
      ]),
    ).toMatchObject({
      mode: 'proxy',
      http: { host: '127.0.0.1', port: 0 },
      tokensPath: 'tokens.json',
      oauthPath: undefined,
      toolNames: 'canonical',
      maxInlineTokens: 400,
      quiet: true,
    });
  });

  it('reads browse by query or by path', () => {
    expect(
      parseGatewayArguments(['browse', '--config', 'c.json', 'read a file', '--top-k', '3']),
    ).toEqual({
      kind: 'browse',
      configPath: 'c.json',
      target: { query: 'read a file' },
      topK: 3,
      json: false,
    });
    expect(
      parseGatewayArguments(['browse', '--config', 'c.json', '--path', '/fs', '--json']),
    ).toMatchObject({
      target: { path: '/fs' },
      json: true,
    });
  });

  it('answers --help whatever else is there', () => {
    expect(parseGatewayArguments(['--help'])).toEqual({ kind: 'help' });
    expect(parseGatewayArguments(['serve', '--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[]],
    [['launch', '--config', 'c.json']],
    [['serve']],
    [['serve', '--config', 'c.json', '--mode', 'both']],
    [['serve', '--config', 'c.json', '--http', 'nowhere:99999']],
    [['serve', '--config', 'c.json', '--tokens', 't.json']],
    [['serve', '--config', 'c.json', '--max-inline-tokens', '0']],
    [['serve', '--config', 'c.json', '--path', '/']],
    [['serve', '--config', 'c.json', 'extra']],
    [['serve', '--config', 'c.json', '--unknown']],
    [['browse', '--config', 'c.json']],
    [['browse', '--config', 'c.json', 'q', '--path', '/']],
    [['browse', '--config', 'c.json', 'q', 'r']],
    [['browse', '--config', 'c.json', 'q', '--mode', 'proxy']],
    [['browse', '--config', 'c.json', 'q', '--top-k', 'ten']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseGatewayArguments(argv)).toThrow(UsageError);
  });
});
