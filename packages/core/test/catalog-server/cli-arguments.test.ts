import { describe, expect, it } from 'vitest';
import { parseCatalogServerArguments } from '../../src/catalog-server/cli-arguments.js';

describe('parseCatalogServerArguments', () => {
  it('reads every flag', () => {
    expect(
      parseCatalogServerArguments([
        '--catalog',
        'tools.json',
        '--http',
        '127.0.0.1:0',
        '--page-size',
        '0',
        '--prefix-server',
        '--duplicates',
        'keep-first',
        '--server',
        'a',
        '--server=b',
        '--behaviour',
        'slow',
        '--latency-ms',
        '5',
        '--delay-ms',
        '20',
        '--size',
        '999',
      ]),
    ).toEqual({
      kind: 'serve',
      catalogPath: 'tools.json',
      http: { host: '127.0.0.1', port: 0 },
      options: {
        pageSize: 0,
        prefixServer: true,
        duplicates: 'keep-first',
        servers: ['a', 'b'],
        behaviour: 'slow',
        latencyMs: 5,
        delayMs: 20,
        size: 999,
      },
    });
  });

  it('serves stdio with default options when only --catalog is given', () => {
    expect(parseCatalogServerArguments(['--catalog=tools.json'])).toEqual({
      kind: 'serve',
      catalogPath: 'tools.json',
      http: undefined,
      options: {},
    });
  });

  it('asks for help with --help, whatever else is there', () => {
    expect(parseCatalogServerArguments(['--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [[], /--catalog FILE is required/],
    [['--catalog'], /argument missing/],
    [['--catalog', 'a.json', '--verbose'], /Unknown option '--verbose'/],
    [['--catalog', 'a.json', 'extra'], /positional argument/],
    [
      ['--catalog', 'a.json', '--page-size', 'ten'],
      /^--page-size must be a whole number, got "ten"$/,
    ],
    [['--catalog', 'a.json', '--latency-ms=-5'], /^--latency-ms must be a whole number/],
    [['--catalog', 'a.json', '--latency-ms', '-5'], /argument is ambiguous/],
    [['--catalog', 'a.json', '--size', '99999999999'], /^--size: /],
    [['--catalog', 'a.json', '--behaviour', 'explode'], /^--behaviour: /],
    [['--catalog', 'a.json', '--duplicates', 'last'], /^--duplicates: /],
    [['--catalog', 'a.json', '--http', 'nowhere:port'], /^--http: Invalid listen address/],
  ])('rejects %j with a message naming the problem', (argv, message) => {
    expect(() => parseCatalogServerArguments(argv)).toThrow(message);
  });
});
