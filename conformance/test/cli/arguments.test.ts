import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../../src/cli/arguments.js';

const TOKEN_CHARACTERS =
  "!#$%&'*+.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-".split('');

describe('parseCliArguments', () => {
  it('reads any "Name: value" header back as name and trimmed value', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom(...TOKEN_CHARACTERS), minLength: 1 }),
        fc.string({ unit: 'grapheme-ascii' }),
        async (name, value) => {
          const command = parseCliArguments([
            '--url',
            'http://127.0.0.1:3000/mcp',
            `--header=${name}: ${value}`,
          ]);
          if (command.kind !== 'run' || command.target === undefined)
            throw new Error('expected a run');
          expect((await command.target.setup()).transport).toEqual({
            kind: 'http',
            url: 'http://127.0.0.1:3000/mcp',
            headers: { [name]: value.trim() },
          });
        },
      ),
    );
  });

  it('runs every reference target when no target is given, and strips a leading --', () => {
    expect(parseCliArguments(['--', '--format', 'json', '--spec', 'mcp-base'])).toEqual({
      kind: 'run',
      target: undefined,
      specs: ['mcp-base'],
      format: 'json',
      output: undefined,
      timeoutMs: undefined,
      era: 'auto',
    });
  });

  it('reads --profile, with none for the specs alone, and refuses none beside a profile', () => {
    const profiles = (args: string[]) => {
      const command = parseCliArguments(args);
      if (command.kind !== 'run') throw new Error('expected a run');
      return command.profiles;
    };
    expect(profiles([])).toBeUndefined();
    expect(profiles(['--profile', 'x-profile'])).toEqual(['x-profile']);
    expect(profiles(['--profile', 'none'])).toEqual([]);
    expect(() => parseCliArguments(['--profile', 'none', '--profile', 'x-profile'])).toThrow(
      '--profile none cannot be combined with a profile',
    );
  });

  it('wraps --server in sh -c exec and names the target after the command line', async () => {
    const command = parseCliArguments([
      '--server',
      "node 'my server.js' --flag",
      '--timeout',
      '2500',
    ]);
    if (command.kind !== 'run' || command.target === undefined) throw new Error('expected a run');
    expect(command.target.name).toBe("node 'my server.js' --flag");
    expect(command.timeoutMs).toBe(2500);
    expect((await command.target.setup()).transport).toEqual({
      kind: 'stdio',
      command: 'sh',
      args: ['-c', "exec node 'my server.js' --flag"],
    });
  });

  it('reads --era, defaulting to auto, and refuses an unknown era', () => {
    for (const era of ['auto', 'modern', 'legacy', 'both'] as const) {
      expect(parseCliArguments(['--era', era])).toMatchObject({ kind: 'run', era });
    }
    expect(parseCliArguments([])).toMatchObject({ era: 'auto' });
    expect(() => parseCliArguments(['--era', '2026'])).toThrow(
      '--era must be one of auto, modern, legacy, both, got "2026"',
    );
  });

  it('turns the three --gateway flags into the target settings the gateway checks read', () => {
    const command = parseCliArguments([
      '--url',
      'http://127.0.0.1:3000/mcp',
      '--gateway-tool',
      'everything:echo',
      '--gateway-large-args',
      '{"message": "long"}',
      '--gateway-invalid-args',
      '{"message": 42}',
    ]);
    if (command.kind !== 'run' || command.target === undefined) throw new Error('expected a run');
    expect(command.target.settings).toEqual({
      gateway: {
        tool: 'everything:echo',
        largeArgs: { message: 'long' },
        invalidArgs: { message: 42 },
      },
    });
  });

  it('refuses --gateway flags given alone, malformed, or without a target', () => {
    const url = ['--url', 'http://127.0.0.1:3000/mcp'];
    expect(() => parseCliArguments([...url, '--gateway-tool', 'a:b'])).toThrow(
      '--gateway-tool, --gateway-large-args and --gateway-invalid-args go together',
    );
    const flags = (large: string) => [
      '--gateway-tool',
      'a:b',
      '--gateway-large-args',
      large,
      '--gateway-invalid-args',
      '{}',
    ];
    expect(() => parseCliArguments([...url, ...flags('[1]')])).toThrow(
      '--gateway-large-args must be a JSON object, got [1]',
    );
    expect(() => parseCliArguments([...url, ...flags('{nope')])).toThrow(
      '--gateway-large-args is not JSON: {nope',
    );
    expect(() => parseCliArguments(flags('{}'))).toThrow(
      'the --gateway flags need --server or --url',
    );
  });

  it('turns --pd-caller and --pd-restricted-caller into the callers the progressive-disclosure checks use', () => {
    const command = parseCliArguments([
      '--url',
      'http://127.0.0.1:3000/mcp',
      '--pd-caller',
      'Authorization: Bearer first-caller-token',
      '--pd-caller',
      'Authorization: Bearer second-caller-token',
      '--pd-restricted-caller',
      'X-Api-Key: narrow',
    ]);
    if (command.kind !== 'run' || command.target === undefined) throw new Error('expected a run');
    expect(command.target.settings).toEqual({
      'progressive-disclosure': {
        callers: [
          { Authorization: 'Bearer first-caller-token' },
          { Authorization: 'Bearer second-caller-token' },
        ],
        restrictedCaller: { 'X-Api-Key': 'narrow' },
      },
    });
  });

  it('refuses --pd-caller without --url, and one that is not a header', () => {
    expect(() => parseCliArguments(['--server', 'x-pd demo', '--pd-caller', 'A: b'])).toThrow(
      '--pd-caller and --pd-restricted-caller need --url',
    );
    expect(() =>
      parseCliArguments(['--url', 'http://127.0.0.1:3000/mcp', '--pd-restricted-caller', 'nope']),
    ).toThrow('--pd-restricted-caller must look like "Name: value", got "nope"');
  });
});
