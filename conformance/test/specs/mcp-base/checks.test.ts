import { beforeAll, describe, expect, it } from 'vitest';
import { type ConformanceReport, mcpBaseSpec, runConformance } from '../../../src/index.js';
import { fixtureTarget, httpFixtureTarget, MCP_BASE_FIXTURE, resultOf } from '../../helpers.js';

// Each check's defects are proven in test/defects.test.ts (src/specs/mcp-base/defects.ts).
describe('the mcp-base checks', () => {
  let good: ConformanceReport;

  beforeAll(async () => {
    good = await runConformance({ targets: [fixtureTarget(MCP_BASE_FIXTURE)] });
  });

  it('reports one result per check on the good fixture, in catalog order', () => {
    expect(good.targets[0]?.results.map((result) => result.id)).toEqual(
      mcpBaseSpec.requirements.map((requirement) => requirement.id),
    );
    expect(good.summary).toMatchObject({ failed: 0, mustFailed: 0 });
  });

  it('fails a ping that never comes back with a timeout, and goes on with the next check', async () => {
    const report = await runConformance({
      targets: [fixtureTarget(MCP_BASE_FIXTURE, '--defect', 'ping-never')],
      requirements: ['mcp.ping.empty-result', 'jsonrpc.unknown-method.error'],
      timeoutMs: 3000,
    });
    expect(resultOf(report, 'mcp.ping.empty-result')).toMatchObject({
      status: 'fail',
      message: 'timed out after 3000 ms',
    });
    expect(resultOf(report, 'jsonrpc.unknown-method.error').status).toBe('pass');
  });

  it('passes a server that refuses a body that is not JSON with 400 and an HTML page, as both MCP revisions allow', async () => {
    const report = await runConformance({
      targets: [httpFixtureTarget(MCP_BASE_FIXTURE, ['--defect', 'http-parse-error-html'])],
      requirements: ['jsonrpc.parse-error.code', 'jsonrpc.parse-error.keeps-serving'],
      era: 'both',
    });
    const results = report.targets.flatMap((target) => target.results);
    expect(results.map((result) => [result.id, result.status, result.message])).toEqual([
      [
        'jsonrpc.parse-error.keeps-serving',
        'pass',
        'still answers after a message that is not JSON',
      ],
      [
        'jsonrpc.parse-error.code',
        'pass',
        'HTTP 400 (text/html; charset=utf-8) without a JSON-RPC body: an error status, and the body may carry the error',
      ],
    ]);
  });

  it('passes silence about a line that is not JSON over stdio', () => {
    expect(resultOf(good, 'jsonrpc.parse-error.code')).toMatchObject({
      status: 'pass',
      message: expect.stringMatching(
        /^the server said nothing about the line; accepted over stdio/,
      ),
    });
  });

  it('reports that the good fixture paginates its tools over two pages', () => {
    expect(resultOf(good, 'mcp.pagination.follows-cursor').message).toMatch(
      /^tools\/list: 2 page\(s\)/,
    );
  });
});
