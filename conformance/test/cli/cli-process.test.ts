import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mcpBaseSpec } from '../../src/index.js';
import { FIXTURES_DIRECTORY, MCP_BASE_FIXTURE } from '../helpers.js';
import { CLI, runBuiltCli } from './built-cli.js';

const EraSchema = z.enum(['modern', 'legacy']).nullable();

const ResultSchema = z.strictObject({
  id: z.string(),
  era: EraSchema,
  spec: z.string(),
  section: z.string(),
  level: z.enum(['MUST', 'SHOULD', 'MAY']),
  profile: z.literal('x-profile').optional(),
  status: z.enum(['pass', 'fail', 'skip', 'not-applicable']),
  message: z.string(),
});

const CountsSchema = z.strictObject({
  passed: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  notApplicable: z.number().int(),
  mustFailed: z.number().int(),
  mustSkipped: z.number().int(),
  mustSkipReasons: z.array(z.strictObject({ reason: z.string(), count: z.number().int() })),
});

/** The contract of `--format json`: exactly these members. */
const JsonReportSchema = z.strictObject({
  summary: CountsSchema.extend({ profile: CountsSchema.optional() }),
  targets: z.array(
    z.strictObject({
      target: z.string(),
      era: EraSchema,
      note: z.string().optional(),
      specs: z.array(z.string()),
      results: z.array(ResultSchema),
    }),
  ),
});

describe('the built x-conformance executable', () => {
  beforeAll(() => {
    if (!existsSync(CLI))
      throw new Error(`${CLI} is missing: run pnpm --filter @x/conformance build first`);
  });

  it('checks the three official servers chosen by --target, passing every MUST, as JSON', async () => {
    const result = await runBuiltCli([
      '--target',
      'everything',
      '--target',
      'filesystem',
      '--target',
      'memory',
      '--format',
      'json',
    ]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const report = JsonReportSchema.parse(JSON.parse(result.stdout));
    const checks = mcpBaseSpec.checks.length;
    // Over stdio the official servers ignore garbage, which jsonrpc.parse-error.code accepts.
    expect(report.summary).toEqual({
      passed: 3 * checks,
      failed: 0,
      skipped: 0,
      notApplicable: 0,
      mustFailed: 0,
      mustSkipped: 0,
      mustSkipReasons: [],
    });
    expect(
      report.targets.map((target) => [target.target, target.specs, target.results.length]),
    ).toEqual([
      ['everything', ['mcp-base'], checks],
      ['filesystem', ['mcp-base'], checks],
      ['memory', ['mcp-base'], checks],
    ]);
  });

  it('prints a JUnit report with one testsuite per target and one testcase per result', async () => {
    const result = await runBuiltCli([
      '--server',
      `node ${FIXTURES_DIRECTORY}${MCP_BASE_FIXTURE} --defect colon-tool-name`,
      '--format',
      'junit',
    ]);
    expect(result.code).toBe(0);
    const xml = result.stdout;
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="x-conformance" tests="15" failures="2" errors="0" skipped="0">\n/,
    );
    expect(xml.match(/<testsuite /g)).toHaveLength(1);
    expect(xml.match(/<testcase /g)).toHaveLength(mcpBaseSpec.checks.length);
    expect(xml).toMatch(
      /name="mcp\.tools\.name-format \[SHOULD\]">\n {6}<failure message="names outside 1-128 of \[A-Za-z0-9_.-\]: &quot;bad:name#x&quot;" type="SHOULD">/,
    );
    expect(xml).toMatch(
      /name="jsonrpc\.parse-error\.code \[SHOULD\]">\n {6}<system-out>the server said nothing about the line/,
    );
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
  });
});
