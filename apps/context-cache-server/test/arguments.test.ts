import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBudgetText, parseCliArguments, UsageError } from '../src/arguments.js';

describe('parseCliArguments', () => {
  it('reads serve --max-message-bytes and refuses it elsewhere or out of bounds', () => {
    expect(parseCliArguments(['serve', '--max-message-bytes', '65536'])).toMatchObject({
      kind: 'serve',
      maxMessageBytes: 65_536,
    });
    expect(() => parseCliArguments(['serve', '--max-message-bytes', '999999999999'])).toThrow(
      UsageError,
    );
    expect(() =>
      parseCliArguments(['list', '--root', '/tmp', '--max-message-bytes', '4096']),
    ).toThrow('--max-message-bytes does not apply to list');
  });

  it('reads --max-file-bytes on serve, resolve, verify and inspect, and refuses it elsewhere or out of bounds', () => {
    expect(parseCliArguments(['serve', '--max-file-bytes', '4096'])).toMatchObject({
      kind: 'serve',
      maxFileBytes: 4096,
    });
    expect(parseCliArguments(['verify', '--cache', 'c', '--max-file-bytes=1024'])).toEqual({
      kind: 'verify',
      cache: 'c',
      maxFileBytes: 1024,
    });
    expect(
      parseCliArguments(['inspect', '--cache', 'c', '--max-file-bytes', '1073741824']),
    ).toMatchObject({ maxFileBytes: 1_073_741_824 });
    expect(
      parseCliArguments(['resolve', '--cache', 'c', '--query', 'q', '--budget', '1']),
    ).toMatchObject({ maxFileBytes: undefined });
    for (const bad of ['1023', '1073741825', '1e6', '-5', 'big']) {
      expect(() => parseCliArguments(['serve', `--max-file-bytes=${bad}`])).toThrow(
        '--max-file-bytes:',
      );
    }
    expect(() => parseCliArguments(['list', '--root', 'r', '--max-file-bytes', '4096'])).toThrow(
      '--max-file-bytes does not apply to list',
    );
  });

  it('reads build with repeated --include and --force', () => {
    expect(
      parseCliArguments([
        'build',
        '--sources',
        's',
        '--cache',
        'c',
        '--include',
        '*.txt',
        '--include',
        '*.md',
        '--force',
      ]),
    ).toEqual({ kind: 'build', sources: 's', cache: 'c', include: ['*.txt', '*.md'], force: true });
  });

  it('reads resolve by folder and by root and name, keeping the budget as JSON would carry it', () => {
    expect(
      parseCliArguments(['resolve', '--cache', 'c', '--query', 'q', '--budget', '12']),
    ).toEqual({
      kind: 'resolve',
      location: { kind: 'path', path: 'c' },
      query: 'q',
      budget: 12,
      strategy: undefined,
    });
    expect(
      parseCliArguments([
        'resolve',
        '--root',
        'r',
        '--cache',
        'n',
        '--query=-x',
        '--budget=1.5',
        '--strategy',
        'bm25',
      ]),
    ).toMatchObject({
      location: { kind: 'name', root: 'r', name: 'n' },
      query: '-x',
      budget: 1.5,
      strategy: 'bm25',
    });
  });

  it('reads serve with an HTTP address and a default strategy', () => {
    expect(parseCliArguments(['serve', '--http', '3000', '--default-strategy', 'bm25'])).toEqual({
      kind: 'serve',
      root: undefined,
      http: { host: '127.0.0.1', port: 3000 },
      defaultStrategy: 'bm25',
      observability: { logFormat: 'human', logLevel: 'info', metrics: true },
    });
    expect(parseCliArguments(['serve', '--http', '3000', '--metrics', 'off'])).toMatchObject({
      observability: { metrics: false },
    });
  });

  it('reads --help anywhere', () => {
    expect(parseCliArguments(['resolve', '--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], /missing command/],
    [['destroy'], /unknown command "destroy"/],
    [['resolve', '--cache', 'c', '--query', 'q'], /resolve needs --budget/],
    [
      ['resolve', '--cache', 'c', '--query', 'q', '--budget', '1', '--http', '3000'],
      /--http does not apply to resolve/,
    ],
    [['build', '--sources', 's'], /build needs --cache/],
    [['inspect', '--verbose'], /Unknown option '--verbose'/],
    [['inspect', '--root', 'r'], /inspect needs --cache/],
    [['serve', '--http', 'localhost:99999'], /^--http: Invalid listen address/],
    [['serve', '--default-strategy', 'magic'], /--default-strategy must be one of v0, bm25/],
    [['list', '--root', 'r', 'extra'], /unexpected argument "extra"/],
    [['resolve', '--cache', 'c', '--query', 'q', '--budget', '-1'], /ambiguous/],
  ])('refuses %j', (args, message) => {
    expect(() => parseCliArguments(args)).toThrow(UsageError);
    expect(() => parseCliArguments(args)).toThrow(message);
  });
});

describe('parseBudgetText', () => {
  it('reads every safe integer back as itself', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(parseBudgetText(String(value))).toBe(value);
      }),
    );
  });

  it('gives what JSON.parse gives for a JSON number, and the text itself otherwise', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double().map(String)), (text) => {
        let json: unknown = text;
        try {
          const parsed: unknown = JSON.parse(text);
          if (typeof parsed === 'number' && text.trim() === text) json = parsed;
        } catch {}
        expect(parseBudgetText(text)).toBe(json);
      }),
    );
  });
});
