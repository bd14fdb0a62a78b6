import { describe, expect, it } from 'vitest';
import { parseCliArguments, UsageError } from '../src/arguments.js';

describe('x-cash command line', () => {
  it('reads --max-message-bytes for both commands and refuses a bad value', () => {
    expect(parseCliArguments(['demo', '--max-message-bytes', '65536'])).toMatchObject({
      kind: 'demo',
      maxMessageBytes: 65_536,
    });
    expect(parseCliArguments(['demo'])).toMatchObject({ maxMessageBytes: undefined });
    expect(() => parseCliArguments(['demo', '--max-message-bytes', '10'])).toThrow(UsageError);
    expect(() => parseCliArguments(['demo', '--max-message-bytes', '10'])).toThrow(
      '--max-message-bytes: must be at least 1024 (1 KiB), got "10"',
    );
  });

  it('reads demo and aggregate with their options', () => {
    expect(
      parseCliArguments(['demo', '--db', 'shop.db', '--http', '8080', '--tokens', 't.json']),
    ).toEqual({
      kind: 'demo',
      http: { host: '127.0.0.1', port: 8080 },
      tokensPath: 't.json',
      sessionStore: undefined,
      databasePath: 'shop.db',
      configPath: undefined,
      helpTokenLimit: undefined,
      observability: { logFormat: 'human', logLevel: 'info', metrics: true },
    });
    expect(
      parseCliArguments(['demo', '--log-format', 'json', '--log-level', 'warn']),
    ).toMatchObject({ observability: { logFormat: 'json', logLevel: 'warn', metrics: false } });
    expect(() => parseCliArguments(['demo', '--metrics', 'on'])).toThrow(
      '--metrics needs --http: a stdio server has no /metrics',
    );
    expect(
      parseCliArguments(['demo', '--http', '8080', '--session-store', 'redis://127.0.0.1:6379']),
    ).toMatchObject({ sessionStore: { redis: 'redis://127.0.0.1:6379' } });
    expect(parseCliArguments(['aggregate', '--config', 'mcp.json'])).toMatchObject({
      kind: 'aggregate',
      configPath: 'mcp.json',
      http: undefined,
    });
    expect(
      parseCliArguments(['aggregate', '--config', 'mcp.json', '--help-tokens', '1500']),
    ).toMatchObject({ helpTokenLimit: 1500 });
    expect(
      parseCliArguments(['aggregate', '--config', 'mcp.json', '--skills', 'examples/skills']),
    ).toMatchObject({ skillsPath: 'examples/skills' });
    expect(parseCliArguments(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], 'missing command'],
    [['serve'], 'unknown command'],
    [['aggregate'], 'aggregate needs --config FILE'],
    [['demo', '--config', 'x'], '--config applies to aggregate only'],
    [['aggregate', '--config', 'x', '--db', 'y'], '--db applies to demo only'],
    [['demo', '--tokens', 't.json'], '--tokens needs --http'],
    [['demo', '--http', 'nowhere:port'], '--http:'],
    [['demo', '--verbose'], "Unknown option '--verbose'"],
    [['demo', '--session-store', 'redis://127.0.0.1:6379'], '--session-store needs --http'],
    [['demo', '--http', '8080', '--session-store', 'mysql://x'], '--session-store:'],
    [['aggregate', '--config', 'x', '--help-tokens', '999'], '--help-tokens: expected'],
    [['aggregate', '--config', 'x', '--help-tokens', '2k'], '--help-tokens: expected'],
    [['demo', '--help-tokens', '2000'], '--help-tokens applies to aggregate only'],
    [['demo', '--skills', 'examples/skills'], '--skills applies to aggregate only'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArguments(argv)).toThrow(UsageError);
    expect(() => parseCliArguments(argv)).toThrow(message);
  });
});
