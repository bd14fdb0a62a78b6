import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { packageBin } from '../../src/index.js';
import { FIXTURES_DIRECTORY, type HttpFixture, startListening } from '../helpers.js';
import { runBuiltCli } from './built-cli.js';

/** The SDK v2 modern-only fixture this package ships. */
const MODERN_ONLY = fileURLToPath(new URL('../../fixtures/modern-only.mjs', import.meta.url));

/** The official everything server's entry, run by node so a preload can pick its port. */
const EVERYTHING = fileURLToPath(
  new URL(
    '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    import.meta.url,
  ),
);

/** What these tests read of a `--format json` report (cli-process.test.ts holds its contract). */
const ReportSchema = z.object({
  summary: z.object({ failed: z.number(), mustFailed: z.number() }),
  targets: z.array(
    z.object({
      era: z.enum(['modern', 'legacy']).nullable(),
      specs: z.array(z.string()),
      results: z.array(
        z.object({
          id: z.string(),
          era: z.enum(['modern', 'legacy']).nullable(),
          status: z.string(),
        }),
      ),
    }),
  ),
});

/** Runs the built CLI on one target with a JSON report; the report, after it exited 0. */
async function checkAsJson(target: readonly string[]): Promise<z.infer<typeof ReportSchema>> {
  const result = await runBuiltCli([...target, '--format', 'json']);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return ReportSchema.parse(JSON.parse(result.stdout));
}

/** Zero failures, one target in `era`, every result labelled `era`, and `specs` run. */
function expectCleanIn(
  report: z.infer<typeof ReportSchema>,
  era: 'modern' | 'legacy',
  specs: readonly string[],
) {
  const results = report.targets.flatMap((target) => target.results);
  expect(results.filter((result) => result.status === 'fail')).toEqual([]);
  expect(report.summary).toMatchObject({ failed: 0, mustFailed: 0 });
  expect(report.targets.map((target) => [target.era, target.specs])).toEqual([[era, specs]]);
  expect(results.length).toBeGreaterThan(0);
  expect(results.every((result) => result.era === era)).toBe(true);
}

// Issue 17's acceptance: --url and --server against an SDK v2 modern-only server and against the
// official 2025 servers, 0 false failures, each result labelled with its era. Each test starts
// servers on a shared machine: a generous time limit, no timed assertion.
describe('x-conformance --server and --url in the era each server serves', {
  timeout: 120_000,
}, () => {
  const servers: HttpFixture[] = [];
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'x-conformance-eras-'));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await rm(directory, { recursive: true, force: true });
  });

  it('--server: the SDK v2 modern-only server, checked in the 2026-07-28 era', async () => {
    const report = await checkAsJson(['--server', `node ${MODERN_ONLY}`]);
    expectCleanIn(report, 'modern', ['mcp-base', 'mcp-2026']);
  });

  it('--url: the SDK v2 modern-only server, checked in the 2026-07-28 era, labelled in the text report too', async () => {
    const server = await startListening([MODERN_ONLY, '--http']);
    servers.push(server);
    expectCleanIn(await checkAsJson(['--url', server.url]), 'modern', ['mcp-base', 'mcp-2026']);
    const text = await runBuiltCli(['--url', server.url, '--spec', 'mcp-2026']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${server.url} [era 2026-07-28] (specs: mcp-2026)`);
    expect(text.stdout).toMatch(/^ {2}mcp2026\.discover\.shape +MUST +2026-07-28 +pass /m);
  });

  it('--server: the official memory and filesystem servers, checked in the 2025 era', async () => {
    const memory = await checkAsJson([
      '--server',
      `env MEMORY_FILE_PATH=${join(directory, 'memory.jsonl')} ${packageBin('mcp-server-memory')}`,
    ]);
    expectCleanIn(memory, 'legacy', ['mcp-base']);
    const filesystem = await checkAsJson([
      '--server',
      `${packageBin('mcp-server-filesystem')} ${directory}`,
    ]);
    expectCleanIn(filesystem, 'legacy', ['mcp-base']);
  });

  it('--url: the official everything server over Streamable HTTP, checked in the 2025 era', async () => {
    const server = await startListening(
      ['--import', join(FIXTURES_DIRECTORY, 'announce-port.mjs'), EVERYTHING, 'streamableHttp'],
      { PORT: '0' },
    );
    servers.push(server);
    const report = await checkAsJson(['--url', server.url]);
    expectCleanIn(report, 'legacy', ['mcp-base']);
    const text = await runBuiltCli(['--url', server.url]);
    expect(text.stdout).toMatch(/^ {2}mcp\.ping\.empty-result +MUST +2025 +pass /m);
  });
});
