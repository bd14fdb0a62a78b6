import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTarget, mcpBaseSpec, runConformance } from '../src/index.js';
import { type HttpFixture, MCP_BASE_FIXTURE, resultOf, startHttpFixture } from './helpers.js';

describe('checking a server over Streamable HTTP (--url)', () => {
  const fixtures: HttpFixture[] = [];
  const start = async (defect = 'none', env?: Record<string, string>) => {
    const fixture = await startHttpFixture(MCP_BASE_FIXTURE, env, ['--defect', defect]);
    fixtures.push(fixture);
    return fixture;
  };

  afterAll(async () => {
    await Promise.all(fixtures.map((fixture) => fixture.close()));
  });

  describe('on the good fixture', () => {
    let results: Map<string, { status: string; message: string }>;

    beforeAll(async () => {
      const { url } = await start();
      const report = await runConformance({
        targets: [createTarget('good over http', { kind: 'http', url })],
      });
      results = new Map(report.targets[0]?.results.map((result) => [result.id, result]));
    });

    it('passes every check but the stdio-only one, which does not apply', () => {
      const expected = mcpBaseSpec.requirements.map((requirement) => [
        requirement.id,
        requirement.id === 'mcp.stdio.stdout-messages-only' ? 'not-applicable' : 'pass',
      ]);
      expect([...results].map(([id, result]) => [id, result.status])).toEqual(expected);
    });

    it('sees the -32700 parse error the HTTP transport answers garbage with, over raw fetch', () => {
      expect(results.get('jsonrpc.parse-error.code')?.message).toBe(
        'HTTP 400 (application/json) with error -32700',
      );
      expect(results.get('jsonrpc.parse-error.keeps-serving')?.status).toBe('pass');
    });
  });

  it('fails the checks a broken HTTP fixture violates', async () => {
    const badName = await start('colon-tool-name');
    const invalidSchema = await start('invalid-schema');
    const report = await runConformance({
      targets: [
        createTarget('bad name', { kind: 'http', url: badName.url }),
        createTarget('invalid schema', { kind: 'http', url: invalidSchema.url }),
      ],
      requirements: ['mcp.tools.name-format', 'mcp.tools.schema-valid'],
    });
    expect(
      report.targets.map((target) =>
        target.results.map((result) => `${result.id} ${result.status}`),
      ),
    ).toEqual([
      ['mcp.tools.schema-valid pass', 'mcp.tools.name-format fail'],
      ['mcp.tools.schema-valid fail', 'mcp.tools.name-format pass'],
    ]);
  });

  it('sends --header values, and reports a server that refuses the request as not started', async () => {
    const { url } = await start('none', { FIXTURE_AUTHORIZATION: 'Bearer secret' });
    const requirements = ['mcp.ping.empty-result', 'mcp.capabilities.tools'];
    const withHeader = createTarget(url, {
      kind: 'http',
      url,
      headers: { Authorization: 'Bearer secret' },
    });
    const report = await runConformance({ targets: [withHeader], requirements });
    expect(report.summary).toMatchObject({ passed: 2, failed: 0 });
    const withoutHeader = createTarget(url, { kind: 'http', url });
    await expect(runConformance({ targets: [withoutHeader], requirements })).rejects.toMatchObject({
      code: 'TARGET_START_FAILED',
      message: expect.stringContaining('HTTP 401'),
    });
  });

  it('reports a target refused in both eras with the status and the head of the body it answered', async () => {
    // A host allow-list in front of the server: every POST gets 403 and a line saying why.
    const refusing = createServer((_request, response) => {
      response
        .writeHead(403, { 'content-type': 'text/plain' })
        .end('Invalid Host header: 127.0.0.1 is not allowed\n');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const address = refusing.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      await expect(
        runConformance({
          targets: [
            createTarget('refusing', { kind: 'http', url: `http://127.0.0.1:${port}/mcp` }),
          ],
          era: 'both',
        }),
      ).rejects.toMatchObject({
        code: 'TARGET_START_FAILED',
        message: expect.stringContaining(
          'initialize failed: HTTP 403 (text/plain: "Invalid Host header: 127.0.0.1 is not allowed") answer carried no JSON-RPC response',
        ),
      });
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  });

  it('reports an endpoint nobody listens on as not started', async () => {
    const { url } = await start();
    const closed = url.replace(/:\d+\//, ':9/');
    await expect(
      runConformance({
        targets: [createTarget('closed', { kind: 'http', url: closed })],
        requirements: ['mcp.ping.empty-result'],
      }),
    ).rejects.toMatchObject({
      code: 'TARGET_START_FAILED',
      message: expect.stringContaining('cannot reach'),
    });
  });

  it('reports the results of a single requirement by id', async () => {
    const { url } = await start();
    const report = await runConformance({
      targets: [createTarget('one', { kind: 'http', url })],
      requirements: ['mcp.pagination.follows-cursor'],
    });
    expect(resultOf(report, 'mcp.pagination.follows-cursor').message).toMatch(
      /^tools\/list: 2 page\(s\)/,
    );
  });
});
