import { McpServer } from '@modelcontextprotocol/server';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CashError, createCashServer, createUpstreamMount } from '../src/index.js';
import { code, text } from './helpers.js';
import { inMemoryUpstream } from './upstream-helpers.js';

let pair: TestPair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

/** A ledger whose writes append `count` entries and answer all of them (~20 characters each). */
async function ledger() {
  const entries: string[] = [];
  const append = (count: number, key?: string) =>
    Array.from({ length: count }, (_, index) => `entry-${key ?? 'x'}-${index}`);
  const server = createCashServer({ name: 'ledger' });
  server
    .namespace('ledger', { description: 'An append-only ledger.' })
    .function('append_estimated', {
      summary: 'Append entries; gated on a dry run.',
      params: z.strictObject({ count: z.int().min(1) }),
      effect: 'write',
      estimate: ({ count }) => {
        if (count > 5_000) throw new CashError({ code: 'INVALID_ARGUMENTS', message: 'too many' });
        return append(count);
      },
      handler: ({ count }) => {
        entries.push(...append(count));
        return append(count);
      },
    })
    .function('append', {
      summary: 'Append entries.',
      params: z.strictObject({ count: z.int().min(1), key: z.string().optional() }),
      effect: 'write',
      idempotencyKey: 'key',
      handler: ({ count, key }) => {
        entries.push(...append(count, key));
        return append(count, key);
      },
    })
    .function('read', {
      summary: 'Read entries.',
      params: z.strictObject({ count: z.int().min(1) }),
      handler: ({ count }) => append(count),
    });
  const connected = await createTestPair(server.createMcpServer());
  pair = connected;
  const call = (name: string, kwargs: Record<string, unknown>, sizelimit?: number) =>
    connected.callTool('call', {
      namespace: 'ledger',
      function: name,
      kwargs,
      ...(sizelimit === undefined ? {} : { sizelimit }),
    });
  return { entries, call };
}

describe('a write over the size limit', () => {
  it('with an estimate is gated before it runs, and the suggested sizelimit runs it once', async () => {
    const { entries, call } = await ledger();
    const gated = await call('append_estimated', { count: 1_000 });
    expect(gated.isError).toBe(true);
    expect(code(gated)).toBe('GATED');
    expect(gated.structuredContent).toMatchObject({ executed: false, summary: '1000 items' });
    expect(text(gated)).toContain('Nothing was changed: `ledger.append_estimated` did not run');
    expect(entries).toHaveLength(0);
    const sizelimit = (gated.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    const placed = await call('append_estimated', { count: 1_000 }, sizelimit);
    expect(placed.isError).toBeUndefined();
    expect(JSON.parse(text(placed))).toHaveLength(1_000);
    expect(entries).toHaveLength(1_000);
  });

  it('with an estimate that refuses the kwargs answers the error and does not run', async () => {
    const { entries, call } = await ledger();
    const refused = await call('append_estimated', { count: 6_000 });
    expect(code(refused)).toBe('INVALID_ARGUMENTS');
    expect(entries).toHaveLength(0);
  });

  it('without an estimate is withheld after it ran, as a success that warns against a retry', async () => {
    const { entries, call } = await ledger();
    const answer = await call('append', { count: 1_000 });
    expect(answer.isError).toBeUndefined();
    expect(code(answer)).toBe('WITHHELD');
    expect(answer.structuredContent).toMatchObject({ executed: true, summary: '1000 items' });
    expect(answer.structuredContent).not.toHaveProperty('suggested_sizelimit');
    expect(text(answer)).toContain('`ledger.append` ran and its change is kept');
    expect(text(answer)).toContain('Do not call it again');
    expect(text(answer).length).toBeLessThan(10_000);
    expect(entries).toHaveLength(1_000);
  });

  it('with its idempotency key suggests the sizelimit of a safe retry', async () => {
    const { call } = await ledger();
    const answer = await call('append', { count: 1_000, key: 'k' });
    expect(answer.isError).toBeUndefined();
    expect(code(answer)).toBe('WITHHELD');
    const suggested = (answer.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    expect(suggested).toBeGreaterThan(10_000);
    expect(text(answer)).toContain(`\`sizelimit=${suggested}\``);
  });

  it('under the limit is answered in full; a read over it is still gated as before', async () => {
    const { call } = await ledger();
    expect(JSON.parse(text(await call('append', { count: 3 })))).toHaveLength(3);
    const read = await call('read', { count: 1_000 });
    expect(read.isError).toBe(true);
    expect(code(read)).toBe('GATED');
    expect(read.structuredContent).not.toHaveProperty('executed');
  });
});

describe('a large result of a plain MCP upstream tool', () => {
  it('is gated for a read-only tool and withheld as a success for one that may write', async () => {
    const upstream = new McpServer({ name: 'upstream', version: '0.0.0' });
    let calls = 0;
    const large = () => {
      calls += 1;
      return { content: [{ type: 'text' as const, text: 'x'.repeat(20_000) }] };
    };
    upstream.registerTool('peek', { annotations: { readOnlyHint: true } }, large);
    upstream.registerTool('put', { annotations: { idempotentHint: true } }, large);
    upstream.registerTool('push', {}, large);
    const server = createCashServer({ name: 'aggregator' });
    server.mount('up', createUpstreamMount(await inMemoryUpstream('up', upstream)));
    pair = await createTestPair(server.createMcpServer());
    const call = (name: string) =>
      (pair as TestPair).callTool('call', { namespace: 'up', function: name });
    const peek = await call('peek');
    expect([peek.isError, code(peek)]).toEqual([true, 'GATED']);
    const put = await call('put');
    expect([put.isError, code(put)]).toEqual([undefined, 'WITHHELD']);
    expect(put.structuredContent).toHaveProperty('suggested_sizelimit');
    const push = await call('push');
    expect([push.isError, code(push)]).toEqual([undefined, 'WITHHELD']);
    expect(push.structuredContent).not.toHaveProperty('suggested_sizelimit');
    expect(calls).toBe(3);
  });
});

describe('write definitions', () => {
  it('refuses an estimate or idempotency key on a read, and a key naming no parameter', () => {
    const server = createCashServer({ name: 's' });
    const failure = (define: () => unknown) => {
      try {
        define();
      } catch (error) {
        return error as CashError;
      }
      throw new Error('no error');
    };
    expect(
      failure(() => server.function('f', { summary: 'F.', estimate: () => 1, handler: () => 1 }))
        .message,
    ).toContain('estimate and idempotencyKey are for functions with effect "write"');
    expect(
      failure(() =>
        server.function('g', {
          summary: 'G.',
          effect: 'write',
          idempotencyKey: 'key',
          handler: () => 1,
        }),
      ).message,
    ).toContain('idempotencyKey names an unknown parameter: key');
  });
});
