import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../../src/cli/arguments.js';
import { mcsSpec } from '../../src/index.js';
import { FIXTURES_DIRECTORY } from '../helpers.js';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const DRIVERS = join(FIXTURES_DIRECTORY, 'drivers');

async function runBuiltCli(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      encoding: 'utf8',
      cwd: DRIVERS,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

function usageMessage(argv: string[]): string {
  try {
    parseCliArguments(argv);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('x-conformance --driver', () => {
  it('resolves a relative module against the working directory, with options and probe calls', () => {
    const command = parseCliArguments([
      '--driver',
      './test/fixtures/drivers/good-driver.mjs',
      '--driver-options',
      '{"demo": true}',
      '--probe-call',
      '{"name": "listBooks", "arguments": {"q": "emma"}, "resultContains": "Austen"}',
    ]);
    if (command.kind !== 'run') throw new Error('expected a run');
    expect(command.target).toBeUndefined();
    expect(command.driver).toEqual({
      kind: 'driver',
      name: './test/fixtures/drivers/good-driver.mjs',
      module: {
        url: pathToFileURL(join(process.cwd(), 'test/fixtures/drivers/good-driver.mjs')).href,
        options: { demo: true },
      },
      probeCalls: [{ name: 'listBooks', arguments: { q: 'emma' }, resultContains: 'Austen' }],
    });
  });

  it('refuses what it cannot use, saying why', () => {
    expect(usageMessage(['--driver', './d.mjs', '--server', 'node s.js'])).toBe(
      'give either --server or --driver, not both',
    );
    expect(usageMessage(['--driver-options', '{}'])).toBe('--driver-options needs --driver');
    expect(usageMessage(['--driver', './d.mjs', '--driver-options', '{nope'])).toBe(
      '--driver-options is not JSON: {nope',
    );
    expect(usageMessage(['--driver', './d.mjs', '--probe-call', '{"name": "x"}'])).toMatch(
      /^--probe-call is invalid: arguments: /,
    );
    expect(usageMessage(['--driver', '@x/no-such-driver-package'])).toMatch(
      /^--driver @x\/no-such-driver-package cannot be resolved: /,
    );
  });

  it('checks a driver module and prints the JSON report, exiting 0 when no MUST fails', async () => {
    const result = await runBuiltCli(['--driver', './good-driver.mjs', '--format', 'json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const report = JSON.parse(result.stdout) as {
      summary: Record<string, number>;
      targets: { target: string; specs: string[]; results: { id: string; status: string }[] }[];
    };
    expect(Object.keys(report)).toEqual(['summary', 'targets']);
    // A driver given on the command line gets the spec alone, not this project's profile.
    const specChecks = mcsSpec.checks.filter((check) =>
      mcsSpec.requirements.some(
        (requirement) => requirement.id === check.requirement && requirement.profile === undefined,
      ),
    );
    expect(report.summary).toEqual({
      passed: specChecks.length,
      failed: 0,
      skipped: 0,
      notApplicable: 0,
      mustFailed: 0,
      mustSkipped: 0,
      mustSkipReasons: [],
    });
    expect(report.targets.map((target) => [target.target, target.specs])).toEqual([
      ['./good-driver.mjs', ['mcs']],
    ]);
  });

  it('exits 1 when a MUST fails and 2 when the module has no driver', async () => {
    const broken = await runBuiltCli([
      '--driver',
      './good-driver.mjs',
      '--driver-options',
      '{"defect": "never-executes"}',
    ]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/mcs\.3\.3\.execute\s+MUST\s+-\s+fail/);
    const empty = await runBuiltCli(['--driver', './no-driver.mjs']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(
      'the module exports neither createDriver() nor a default driver',
    );
  });

  it('lists the mcs requirements in the catalog', async () => {
    const result = await runBuiltCli(['--list', '--format', 'json']);
    const catalog = JSON.parse(result.stdout) as {
      specs: { name: string; requirements: { id: string }[] }[];
    };
    expect(
      catalog.specs.find((spec) => spec.name === 'mcs')?.requirements.map((entry) => entry.id),
    ).toEqual(mcsSpec.requirements.map((requirement) => requirement.id));
  });
});
