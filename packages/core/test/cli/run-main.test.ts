import { describe, expect, it } from 'vitest';
import { type CliProcess, EXIT_STATUS, runMain, UsageError } from '../../src/cli/index.js';
import { CoreError } from '../../src/errors.js';

type Command = { kind: 'help' } | { kind: 'go'; fail?: unknown };

interface Recorded {
  host: CliProcess;
  stdout: string[];
  stderr: string[];
  exits: number[];
}

function recordingHost(argv: readonly string[]): Recorded {
  const recorded: Recorded = {
    stdout: [],
    stderr: [],
    exits: [],
    host: {
      argv,
      stdout: { write: (text: string) => recorded.stdout.push(text) },
      stderr: { write: (text: string) => recorded.stderr.push(text) },
      exit: (code: number) => {
        recorded.exits.push(code);
      },
    },
  };
  return recorded;
}

function program(failure?: unknown, isExpected?: (error: unknown) => boolean) {
  const ran: Command[] = [];
  return {
    ran,
    program: {
      name: 'x-test',
      usage: 'Usage: x-test go\n',
      parse(argv: readonly string[]): Command {
        if (argv[0] === 'help') return { kind: 'help' };
        if (argv[0] === 'go') return { kind: 'go' };
        if (argv[0] === 'crash') throw new TypeError('parser bug');
        throw new UsageError(`unknown command ${JSON.stringify(argv[0])}`);
      },
      async run(command: Exclude<Command, { kind: 'help' }>) {
        ran.push(command);
        if (failure !== undefined) throw failure;
      },
      ...(isExpected === undefined ? {} : { isExpected }),
    },
  };
}

describe('runMain', () => {
  it('runs the command and leaves the exit status alone on success', async () => {
    const recorded = recordingHost(['go']);
    const { program: cli, ran } = program();
    await runMain(cli, recorded.host);
    expect(ran).toEqual([{ kind: 'go' }]);
    expect(recorded).toMatchObject({ stdout: [], stderr: [], exits: [] });
  });

  it('prints the usage on stdout for help, without running anything', async () => {
    const recorded = recordingHost(['help']);
    const { program: cli, ran } = program();
    await runMain(cli, recorded.host);
    expect(ran).toEqual([]);
    expect(recorded.stdout).toEqual(['Usage: x-test go\n']);
    expect(recorded.exits).toEqual([]);
  });

  it('prints a usage error, a blank line and the usage on stderr, and exits 2', async () => {
    const recorded = recordingHost(['nope']);
    await runMain(program().program, recorded.host);
    expect(recorded.stderr).toEqual(['x-test: unknown command "nope"\n\nUsage: x-test go\n']);
    expect(recorded.exits).toEqual([EXIT_STATUS.usage]);
  });

  it('prints an expected failure (an error with a string code) as one line, and exits 1', async () => {
    const recorded = recordingHost(['go']);
    const failure = new CoreError({ code: 'CONFIG_INVALID', message: 'servers.json: no servers' });
    await runMain(program(failure).program, recorded.host);
    expect(recorded.stderr).toEqual(['x-test: servers.json: no servers\n']);
    expect(recorded.exits).toEqual([EXIT_STATUS.failure]);
  });

  it('prints the stack of an unexpected failure, from run or from the parser, and exits 1', async () => {
    const fromRun = recordingHost(['go']);
    const bug = new RangeError('index out of range');
    await runMain(program(bug).program, fromRun.host);
    expect(fromRun.stderr).toEqual([`x-test: ${bug.stack}\n`]);
    expect(fromRun.exits).toEqual([1]);
    const fromParser = recordingHost(['crash']);
    await runMain(program().program, fromParser.host);
    expect(fromParser.stderr[0]).toMatch(/^x-test: TypeError: parser bug\n {4}at /);
    expect(fromParser.exits).toEqual([1]);
  });

  it('prints a thrown value that is not an error as text', async () => {
    const recorded = recordingHost(['go']);
    await runMain(program('disk full').program, recorded.host);
    const nothing = recordingHost(['go']);
    await runMain(program(null).program, nothing.host);
    expect(recorded.stderr).toEqual(['x-test: disk full\n']);
    expect(nothing.stderr).toEqual(['x-test: null\n']);
    expect([...recorded.exits, ...nothing.exits]).toEqual([1, 1]);
  });

  it("uses the program's own test of what is expected", async () => {
    const recorded = recordingHost(['go']);
    const failure = Object.assign(new Error('port in use'), { code: 'EADDRINUSE' });
    await runMain(program(failure, () => false).program, recorded.host);
    expect(recorded.stderr[0]).toMatch(/^x-test: Error: port in use\n {4}at /);
    const expected = recordingHost(['go']);
    await runMain(program(new Error('plain'), () => true).program, expected.host);
    expect(expected.stderr).toEqual(['x-test: plain\n']);
  });
});
