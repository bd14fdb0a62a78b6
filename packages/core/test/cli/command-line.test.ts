import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from '../../src/cli/index.js';

const OPTIONS = {
  help: { type: 'boolean' },
  http: { type: 'string' },
  include: { type: 'string', multiple: true },
} as const;

describe('parseCommandLine', () => {
  it('splits the command, the positionals after it and the flags', () => {
    const line = parseCommandLine(
      ['serve', 'extra', '--http', '3000', '--include', 'a', '--include', 'b'],
      OPTIONS,
    );
    expect(line).toEqual({
      help: false,
      command: 'serve',
      rest: ['extra'],
      values: { http: '3000', include: ['a', 'b'] },
    });
  });

  it('finds a help request in --help or a first positional help', () => {
    expect(parseCommandLine(['serve', '--help'], OPTIONS).help).toBe(true);
    expect(parseCommandLine(['help'], OPTIONS).help).toBe(true);
    expect(parseCommandLine(['serve', 'help'], OPTIONS).help).toBe(false);
    expect(parseCommandLine([], OPTIONS)).toMatchObject({ help: false, command: undefined });
  });

  it("turns parseArgs' refusals into usage errors with its message", () => {
    expect(() => parseCommandLine(['--port', '1'], OPTIONS)).toThrow(UsageError);
    expect(() => parseCommandLine(['--port', '1'], OPTIONS)).toThrow(/Unknown option '--port'/);
    expect(() => parseCommandLine(['--http'], OPTIONS)).toThrow(/argument missing/);
  });

  it('throws nothing but usage errors on arbitrary arguments (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.string(), fc.constantFrom('--help', '--http', '--include', '-x', '--')),
        ),
        (argv) => {
          try {
            const line = parseCommandLine(argv, OPTIONS);
            expect(line.rest.length).toBeLessThan(Math.max(1, argv.length));
          } catch (error) {
            expect(error).toBeInstanceOf(UsageError);
          }
        },
      ),
    );
  });
});
