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
});
