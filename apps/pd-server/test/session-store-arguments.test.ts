import { describe, expect, it } from 'vitest';
import { parseCliArguments, UsageError } from '../src/arguments.js';

describe('x-pd --session-store', () => {
  it('reads memory and redis URLs for wrap and demo over HTTP', () => {
    expect(
      parseCliArguments(['demo', '--http', '8080', '--session-store', 'redis://127.0.0.1:6379']),
    ).toMatchObject({ kind: 'demo', sessionStore: { redis: 'redis://127.0.0.1:6379' } });
    expect(
      parseCliArguments([
        'wrap',
        '--config',
        'mcp.json',
        '--http',
        '8080',
        '--session-store',
        'memory',
      ]),
    ).toMatchObject({ kind: 'wrap', sessionStore: { memory: {} } });
    expect(parseCliArguments(['demo'])).toMatchObject({ sessionStore: undefined });
  });

  it.each([
    [['demo', '--session-store', 'redis://127.0.0.1:6379'], '--session-store needs --http'],
    [['demo', '--http', '8080', '--session-store', 'mysql://db'], '--session-store:'],
    [['measure', '--config', 'mcp.json', '--session-store', 'memory'], 'does not apply to measure'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArguments(argv)).toThrow(UsageError);
    expect(() => parseCliArguments(argv)).toThrow(message);
  });
});
