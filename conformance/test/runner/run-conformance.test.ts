import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ConformanceError,
  createCommandLineTarget,
  createStdioTarget,
  fail,
  pass,
  type RawSession,
  runConformance,
  type SpecDefinition,
} from '../../src/index.js';
import { openRawSession } from '../../src/session/open-session.js';
import { FIXTURES_DIRECTORY, fixtureTarget, MCP_BASE_FIXTURE, resultOf } from '../helpers.js';

function createSpec(overrides: Partial<SpecDefinition>): SpecDefinition {
  return {
    name: 'probe',
    description: 'Checks of the runner itself.',
    requirements: [],
    checks: [],
    detect: async () => true,
    ...overrides,
  };
}

const requirement = (id: string) =>
  ({ id, spec: 'probe-1', section: '1', level: 'MUST', summary: `Requirement ${id}.` }) as const;

describe('runConformance', () => {
  it('fails a check that throws with its message, and one that hangs after its time limit', async () => {
    const spec = createSpec({
      requirements: [
        requirement('probe.throws'),
        requirement('probe.hangs'),
        requirement('probe.bogus'),
        requirement('probe.after'),
      ],
      checks: [
        {
          requirement: 'probe.throws',
          run: async () => {
            throw new Error('line one\n  line two');
          },
        },
        { requirement: 'probe.hangs', timeoutMs: 200, run: () => new Promise(() => undefined) },
        { requirement: 'probe.bogus', run: async () => ({ status: 'maybe', message: 1 }) as never },
        { requirement: 'probe.after', run: async () => pass('still running') },
      ],
    });
    const report = await runConformance({
      targets: [fixtureTarget(MCP_BASE_FIXTURE)],
      registry: [spec],
    });
    expect(
      report.targets[0]?.results.map(({ id, status, message }) => ({ id, status, message })),
    ).toEqual([
      { id: 'probe.throws', status: 'fail', message: 'line one line two' },
      { id: 'probe.hangs', status: 'fail', message: 'timed out after 200 ms' },
      {
        id: 'probe.bogus',
        status: 'fail',
        message: 'the check returned no valid outcome (a bug in the check)',
      },
      { id: 'probe.after', status: 'pass', message: 'still running' },
    ]);
    expect(report.summary).toMatchObject({ passed: 1, failed: 3, skipped: 0, mustFailed: 3 });
  });

  it('closes the sessions a check opened, and shares memoized values between checks', async () => {
    let opened: RawSession | undefined;
    let computed = 0;
    const compute = async () => {
      computed++;
      return 'shared';
    };
    const spec = createSpec({
      requirements: [requirement('probe.open'), requirement('probe.memo')],
      checks: [
        {
          requirement: 'probe.open',
          run: async (context) => {
            opened = await context.openSession();
            await context.memo('value', compute);
            const bare = await context.openSession({ initialize: false });
            const before = bare.initializeResponse;
            const response = await bare.initialize();
            const ready = before === undefined && bare.initializeResponse === response;
            return pass(
              `${opened.kind} session initialized; bare session ${ready ? 'initialized on demand' : 'was not bare'}`,
            );
          },
        },
        {
          requirement: 'probe.memo',
          run: async (context) => pass(await context.memo('value', compute)),
        },
      ],
    });
    const report = await runConformance({
      targets: [fixtureTarget(MCP_BASE_FIXTURE)],
      registry: [spec],
    });
    expect(resultOf(report, 'probe.open').message).toBe(
      'stdio session initialized; bare session initialized on demand',
    );
    expect(resultOf(report, 'probe.memo').message).toBe('shared');
    expect(computed).toBe(1);
    await expect(opened?.request('ping')).rejects.toThrow(/exited|closed/);
  });

  it('runs the specs a target names, detects the others, and obeys an explicit spec list', async () => {
    const detected = createSpec({
      name: 'detected',
      requirements: [requirement('detected.one')],
      checks: [{ requirement: 'detected.one', run: async () => pass('') }],
    });
    const undetected = createSpec({
      name: 'undetected',
      requirements: [requirement('undetected.one')],
      checks: [{ requirement: 'undetected.one', run: async () => fail('') }],
      detect: async () => false,
    });
    const registry = [detected, undetected];
    const target = fixtureTarget(MCP_BASE_FIXTURE);
    const named = { ...target, specs: ['undetected'] };
    const report = await runConformance({ targets: [target, named], registry });
    expect(report.targets.map((entry) => entry.specs)).toEqual([['detected'], ['undetected']]);
    const forced = await runConformance({
      targets: [target],
      registry,
      specs: ['undetected', 'detected'],
    });
    expect(forced.targets[0]?.specs).toEqual(['undetected', 'detected']);
  });

  it('rejects unknown specs and requirement ids before starting any server', async () => {
    await expect(runConformance({ targets: [], specs: ['nope'] })).rejects.toMatchObject({
      code: 'UNKNOWN_SPEC',
      message: expect.stringMatching(/^unknown spec "nope" \(known: mcp-base, [a-z0-9, -]+\)$/),
    });
    await expect(runConformance({ targets: [], requirements: ['mcp.nope'] })).rejects.toMatchObject(
      {
        code: 'USAGE',
      },
    );
    await expect(runConformance({ targets: [], timeoutMs: 0 })).rejects.toMatchObject({
      code: 'USAGE',
    });
  });

  it('reports a target that exits at once as not started, and still cleans it up', async () => {
    let directory = '';
    const target = createStdioTarget({
      name: 'crashing',
      command: process.execPath,
      args: ['-e', 'console.error("boom"); process.exit(3)'],
      withTemporaryDirectory: (created) => {
        directory = created;
        return {};
      },
    });
    const error = await runConformance({ targets: [target] }).catch((caught: unknown) => caught);
    expect(ConformanceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'TARGET_START_FAILED',
      message:
        'target "crashing" could not be started: the server process exited with code 3 (stderr: boom)',
    });
    expect(directory).not.toBe('');
    expect(existsSync(directory)).toBe(false);
  });

  it('never takes a server that echoes its input (cat) for one that answers: in both eras', async () => {
    // Issue 31: `cat` sent our requests back; the session answered them, cat echoed the answers,
    // and checks such as ping passed. An echoed request now fails the request it copies.
    for (const era of ['legacy', 'modern'] as const) {
      const session = openRawSession({ kind: 'stdio', command: 'cat', args: [] }, era);
      try {
        await expect(session.exchange('ping')).rejects.toMatchObject({
          code: 'PROTOCOL',
          message: 'the server sent request 1 back unanswered (it echoes its input)',
        });
        expect(session.received.every((message) => 'method' in message)).toBe(true);
      } finally {
        await session.close();
      }
    }
    const error = await runConformance({ targets: [createCommandLineTarget('cat')] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      code: 'TARGET_START_FAILED',
      message:
        'target "cat" could not be started: the server sent request 1 back unanswered (it echoes its input)',
    });
  });

  it('runs a command line through sh, so quoting works, and leaves no server process behind', async () => {
    const marker = `--marker=${randomUUID()}`;
    const commandLine = `node '${FIXTURES_DIRECTORY}${MCP_BASE_FIXTURE}' ${marker}`;
    const report = await runConformance({
      targets: [createCommandLineTarget(commandLine)],
      requirements: ['mcp.ping.empty-result'],
    });
    expect(report.targets[0]?.target).toBe(commandLine);
    expect(resultOf(report, 'mcp.ping.empty-result').status).toBe('pass');
    expect(execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })).not.toContain(marker);
  });
});
