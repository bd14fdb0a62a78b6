import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConformanceReport,
  createStdioTarget,
  createTarget,
  runConformance,
  type TargetDefinition,
  X_PROFILE,
} from '../../../src/index.js';
import { cashTargets, DEMO_SETTINGS, X_CASH_CLI } from '../../../src/specs/cash/targets.js';

/** Requirements a reference target skips or finds not applicable, and why. */
const DEMO_SKIPS = [
  'cash.5.3.expressive-names', // no root function
  'cash.5.4.aggregator-tools', // not an aggregator
  'cash.5.4.merged-help',
  'cash.5.4.routes-calls',
  'cash.5.4.routes-observed',
  'cash.5.4.merged-skills',
  'cash.5.4.unique-labels',
  'cash.5.5.manifest-published', // stdio
  'cash.5.5.manifest-content-type',
];
const AGGREGATE_SKIPS = [
  'cash.4.2.distinguishes-kinds', // plain MCP upstreams: no sub-namespaces
  'cash.4.3.text-only', // the official servers offer no skill
  'cash.4.3.instructions',
  'cash.4.3.placeholders',
  'cash.5.3.expressive-names',
  'cash.5.4.routes-observed', // no probe upstream in the example config
  'cash.5.4.merged-skills',
  'cash.5.5.manifest-published',
  'cash.5.5.manifest-content-type',
  'cash.7.2.write-not-repeated', // no write call registered
];
/**
 * In front of two probe upstreams and the probe's CaSH face, routing is observed and the probe
 * skill (text only, no placeholder) is merged; the rest skips as with the example.
 */
const PROBE_AGGREGATE_CHECKED = new Set([
  'cash.5.4.routes-observed',
  'cash.5.4.merged-skills',
  'cash.4.3.text-only',
  'cash.4.3.instructions',
]);
const PROBE_AGGREGATE_SKIPS = AGGREGATE_SKIPS.filter(
  (requirement) => !PROBE_AGGREGATE_CHECKED.has(requirement),
);

function byStatus(report: ConformanceReport, status: string): string[] {
  return (report.targets[0]?.results ?? [])
    .filter((result) => result.status === status)
    .map((result) => `${result.id}: ${result.message}`);
}

/** The requirements that neither pass nor fail: skipped, or not applicable. */
function skipped(report: ConformanceReport): string[] {
  return (report.targets[0]?.results ?? [])
    .filter((result) => result.status === 'skip' || result.status === 'not-applicable')
    .map((result) => result.id);
}

function reference(name: string): TargetDefinition {
  const target = cashTargets.find((candidate) => candidate.name === name);
  if (target === undefined) throw new Error(`no reference target ${name}`);
  return target;
}

/** Real processes on a shared machine: each test may take longer than the default. */
const PROCESS_TIMEOUT_MS = 180_000;
/** The time limit of connecting and of each check (an aggregator starts its upstreams first). */
const START_TIMEOUT_MS = 60_000;

describe.concurrent('the cash checks on x-cash', { timeout: PROCESS_TIMEOUT_MS }, () => {
  it('pass every check on x-cash demo over stdio, skipping only what does not apply', async () => {
    const report = await runConformance({
      targets: [reference('x-cash demo')],
      specs: ['cash'],
      profiles: [X_PROFILE],
      timeoutMs: START_TIMEOUT_MS,
    });
    expect(byStatus(report, 'fail')).toEqual([]);
    expect(skipped(report)).toEqual(DEMO_SKIPS);
  });

  it('pass every check on x-cash aggregate with the example config', async () => {
    const report = await runConformance({
      targets: [reference('x-cash aggregate')],
      specs: ['cash'],
      profiles: [X_PROFILE],
      timeoutMs: START_TIMEOUT_MS,
    });
    expect(byStatus(report, 'fail')).toEqual([]);
    expect(skipped(report)).toEqual(AGGREGATE_SKIPS);
    expect(byStatus(report, 'pass')).toContain(
      'cash.5.4.routes-calls: calls reach the functions of filesystem, memory, everything',
    );
  });

  it('pass every check on x-cash aggregate in front of two probe upstreams and a skill probe, routing and skills observed', async () => {
    const report = await runConformance({
      targets: [reference('x-cash aggregate probe')],
      specs: ['cash'],
      profiles: [X_PROFILE],
      timeoutMs: START_TIMEOUT_MS,
    });
    expect(byStatus(report, 'fail')).toEqual([]);
    expect(skipped(report)).toEqual(PROBE_AGGREGATE_SKIPS);
    expect(byStatus(report, 'pass')).toEqual(
      expect.arrayContaining([
        'cash.5.4.routes-observed: calls into probea, probeb reach their own upstream, function and kwargs intact',
        'cash.5.4.merged-skills: 1 skill(s) are listed under their upstreams and fetchable, the probe skill of probeskills among them',
      ]),
    );
  });

  it('reach the app, its example config and the official servers by absolute paths', async () => {
    const setups = await Promise.all(cashTargets.map((target) => target.setup()));
    for (const setup of setups) {
      if (setup.transport.kind !== 'stdio') throw new Error('expected stdio targets');
      expect(setup.transport.cwd).toBeUndefined();
      const paths = setup.transport.args.filter((arg) => arg.includes('/'));
      expect(paths.every((path) => isAbsolute(path) && existsSync(path))).toBe(true);
    }
    const path = setups[1]?.transport.kind === 'stdio' ? setups[1].transport.env?.PATH : undefined;
    expect(existsSync(join(path?.split(delimiter)[0] ?? '', 'mcp-server-everything'))).toBe(true);
    await Promise.all(setups.map((setup) => setup.cleanup?.()));
  });

  describe('over HTTP and with CaSH upstreams', () => {
    let directory: string;
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'x-conformance-cash-'));
    });

    afterAll(async () => {
      await Promise.all(
        children.map(async (child) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          await once(child, 'exit');
        }),
      );
      await rm(directory, { recursive: true, force: true });
    });

    /** Starts `x-cash <args> --http 127.0.0.1:0` and waits for the URL it prints on stderr. */
    async function startHttp(args: readonly string[]): Promise<string> {
      const child = spawn(process.execPath, [X_CASH_CLI, ...args, '--http', '127.0.0.1:0'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      children.push(child);
      if (child.stderr === null) throw new Error('no stderr');
      for await (const line of createInterface({ input: child.stderr })) {
        const match = /serving .* at (http:\/\/\S+)/.exec(line);
        if (match?.[1] !== undefined) return match[1];
      }
      throw new Error('x-cash exited before serving');
    }

    it('serves x-cash demo with a manifest that passes the manifest checks', async () => {
      const url = await startHttp(['demo']);
      const target = {
        ...createTarget('x-cash demo http', { kind: 'http', url }),
        settings: { cash: DEMO_SETTINGS },
      };
      const report = await runConformance({
        targets: [target],
        requirements: [
          'cash.5.5.manifest-published',
          'cash.5.5.manifest-content-type',
          'cash.5.5.manifest-schema',
          'cash.5.6.server-resource',
          'cash.5.6.server-resource-json',
        ],
        timeoutMs: START_TIMEOUT_MS,
      });
      expect(byStatus(report, 'fail')).toEqual([]);
      expect(byStatus(report, 'pass')).toHaveLength(5);
    });

    it('merges and disambiguates the skills of two x-cash demos behind x-cash aggregate', async () => {
      const config = join(directory, 'shops.json');
      const demo = { command: process.execPath, args: [X_CASH_CLI, 'demo'] };
      await writeFile(config, JSON.stringify({ mcpServers: { shop: demo, warehouse: demo } }));
      const target = {
        ...createStdioTarget({
          name: 'x-cash aggregate of demos',
          command: process.execPath,
          args: [X_CASH_CLI, 'aggregate', '--config', config],
          specs: ['cash'],
        }),
        settings: { cash: { upstreams: ['shop', 'warehouse'] } },
      };
      const report = await runConformance({
        targets: [target],
        requirements: [
          'cash.4.3.skill-listing',
          'cash.4.3.placeholders',
          'cash.5.1.no-colliding-labels',
          'cash.5.3.identifier-normalized',
          'cash.5.4.merged-help',
          'cash.5.4.routes-calls',
          'cash.5.4.merged-skills',
          'cash.5.4.unique-labels',
          'cash.4.2.shallow-hierarchy',
        ],
        timeoutMs: START_TIMEOUT_MS,
      });
      expect(byStatus(report, 'fail')).toEqual([]);
      expect(byStatus(report, 'pass')).toContain(
        'cash.5.4.merged-skills: 2 skill(s) are listed under their upstreams and fetchable',
      );
    });
  });
});
