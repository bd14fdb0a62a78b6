import { beforeAll, describe, expect, it } from 'vitest';
import { type ConformanceReport, mcpBaseSpec, runConformance } from '../../../src/index.js';
import { fixtureTarget, resultOf } from '../../helpers.js';

/** Each row: a requirement, the broken fixture that violates it, and what the failure says. */
const BROKEN_FIXTURES: readonly {
  requirement: string;
  fixture: readonly string[];
  message: RegExp;
}[] = [
  {
    requirement: 'mcp.lifecycle.initialize',
    fixture: ['no-server-info.mjs'],
    message: /^serverInfo is missing$/,
  },
  {
    requirement: 'mcp.capabilities.tools',
    fixture: ['capability-mismatch.mjs', 'declared-broken', 'tools'],
    message: /^declares tools but tools\/list failed: .*listing is broken/,
  },
  {
    requirement: 'mcp.capabilities.tools',
    fixture: ['capability-mismatch.mjs', 'undeclared-served', 'tools'],
    message: /^tools\/list lists 1 tools but the tools capability is not declared$/,
  },
  {
    requirement: 'mcp.capabilities.resources',
    fixture: ['capability-mismatch.mjs', 'declared-broken', 'resources'],
    message: /^declares resources but resources\/list failed/,
  },
  {
    requirement: 'mcp.capabilities.resources',
    fixture: ['capability-mismatch.mjs', 'undeclared-served', 'resources'],
    message: /the resources capability is not declared$/,
  },
  {
    requirement: 'mcp.capabilities.prompts',
    fixture: ['capability-mismatch.mjs', 'declared-broken', 'prompts'],
    message: /^declares prompts but prompts\/list failed/,
  },
  {
    requirement: 'mcp.capabilities.prompts',
    fixture: ['capability-mismatch.mjs', 'undeclared-served', 'prompts'],
    message: /the prompts capability is not declared$/,
  },
  {
    requirement: 'mcp.tools.definition-shape',
    fixture: ['tool-shape-broken.mjs'],
    message:
      /^"list_items" has inputSchema.type "array", not "object"; "no_schema" has no inputSchema object$/,
  },
  {
    requirement: 'mcp.tools.schema-valid',
    fixture: ['invalid-input-schema.mjs'],
    message: /^"lookup" inputSchema \(2020-12\): schema is invalid: data\/properties\/key\/type/,
  },
  {
    requirement: 'mcp.tools.name-format',
    fixture: ['bad-tool-name.mjs'],
    message: /"bad:name#x"$/,
  },
  {
    requirement: 'mcp.tools.name-client-safe',
    fixture: ['bad-tool-name.mjs', 'long'],
    message: /^names outside 1-64 of \[A-Za-z0-9_.\/-\]: "long_x{60}"$/,
  },
  {
    requirement: 'mcp.ping.empty-result',
    fixture: ['ping-broken.mjs', 'non-empty'],
    message: /^the ping result is not empty: it has "pong"$/,
  },
  {
    requirement: 'jsonrpc.unknown-method.error',
    fixture: ['unknown-method.mjs', 'result'],
    message: /was answered with a result/,
  },
  {
    requirement: 'jsonrpc.unknown-method.code',
    fixture: ['unknown-method.mjs', 'wrong-code'],
    message: /^answered with code -32600 instead of -32601$/,
  },
  {
    requirement: 'jsonrpc.parse-error.keeps-serving',
    fixture: ['malformed-line.mjs', 'exit'],
    message:
      /ping got no answer: the server process exited with code 1 \(stderr: fatal: cannot parse input\)$/,
  },
  {
    requirement: 'jsonrpc.parse-error.code',
    fixture: ['malformed-line.mjs', 'wrong-code'],
    message: /^answered with -32603 instead of -32700$/,
  },
  {
    requirement: 'mcp.stdio.stdout-messages-only',
    fixture: ['stdout-banner.mjs'],
    message: /^1 stdout line\(s\) are not JSON-RPC messages, first: "banner-fixture ready"$/,
  },
  {
    requirement: 'mcp.pagination.follows-cursor',
    fixture: ['endless-cursor.mjs'],
    message:
      /^tools\/list page 2: repeats the cursor "again"; tools\/list lists name "echo" more than once$/,
  },
];

/** Over stdio the good fixture may stay silent about garbage, which the check reports as a skip. */
const SKIPPED_OVER_STDIO = new Set(['jsonrpc.parse-error.code']);

describe('the mcp-base checks', () => {
  let good: ConformanceReport;

  beforeAll(async () => {
    good = await runConformance({ targets: [fixtureTarget('good-server.mjs')] });
  });

  it('proves every check against a broken fixture', () => {
    const proven = new Set(BROKEN_FIXTURES.map((row) => row.requirement));
    expect([...new Set(mcpBaseSpec.checks.map((check) => check.requirement))].sort()).toEqual(
      [...proven].sort(),
    );
  });

  it('reports one result per check on the good fixture, in catalog order', () => {
    expect(good.targets[0]?.results.map((result) => result.id)).toEqual(
      mcpBaseSpec.requirements.map((requirement) => requirement.id),
    );
    expect(good.summary).toMatchObject({ failed: 0, mustFailed: 0 });
  });

  describe.concurrent.each(BROKEN_FIXTURES)('$requirement', ({ requirement, fixture, message }) => {
    it(`fails on ${fixture.join(' ')} and not on the good fixture`, async () => {
      const [file, ...args] = fixture;
      if (file === undefined) throw new Error('row without fixture');
      const report = await runConformance({
        targets: [fixtureTarget(file, ...args)],
        requirements: [requirement],
      });
      const result = resultOf(report, requirement);
      expect(result.status).toBe('fail');
      expect(result.message).toMatch(message);
      expect(resultOf(good, requirement).status).toBe(
        SKIPPED_OVER_STDIO.has(requirement) ? 'skip' : 'pass',
      );
    });
  });

  it('fails a ping that never comes back with a timeout, and goes on with the next check', async () => {
    const report = await runConformance({
      targets: [fixtureTarget('ping-broken.mjs', 'never')],
      requirements: ['mcp.ping.empty-result', 'jsonrpc.unknown-method.error'],
      timeoutMs: 3000,
    });
    expect(resultOf(report, 'mcp.ping.empty-result')).toMatchObject({
      status: 'fail',
      message: 'timed out after 3000 ms',
    });
    expect(resultOf(report, 'jsonrpc.unknown-method.error').status).toBe('pass');
  });

  it('reports that the good fixture paginates its tools over two pages', () => {
    expect(resultOf(good, 'mcp.pagination.follows-cursor').message).toMatch(
      /^tools\/list: 2 page\(s\)/,
    );
  });
});
