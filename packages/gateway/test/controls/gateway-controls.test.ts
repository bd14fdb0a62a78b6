import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayControlsOptions } from '../../src/controls/controls-options.js';
import type { DryRunReport } from '../../src/controls/dry-run.js';
import { PROVENANCE_META_KEY } from '../../src/controls/server-hooks.js';
import type { GatewayErrorPayload } from '../../src/error-payload/error-payload.js';
import type { ResultEnvelope } from '../../src/firewall/result-envelope.js';
import { structured } from '../helpers.js';
import { type ControlsHarness, createControlsHarness } from './controls-harness.js';

let harness: ControlsHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function setup(options: GatewayControlsOptions): Promise<ControlsHarness> {
  harness = await createControlsHarness(options);
  return harness;
}

async function execute(client: Client, args: Record<string, unknown>) {
  const result = await client.callTool({ name: 'tool_execute', arguments: args });
  return { result, payload: structured<ResultEnvelope & GatewayErrorPayload>(result) };
}

describe('the read-only result cache', () => {
  it('dispatches identical read-only calls once, whatever the argument order, and marks the hit', async () => {
    const { session, id, upstream } = await setup({ cache: { readOnly: true } });
    const client = await session();
    const first = await execute(client, { tool_id: id('lookup'), args: { key: 'a', limit: 2 } });
    const second = await execute(client, { tool_id: id('lookup'), args: { limit: 2, key: 'a' } });
    expect(upstream.calls).toHaveLength(1);
    expect(first.payload.provenance.cache_hit).toBe(false);
    expect(second.payload.provenance.cache_hit).toBe(true);
    expect(second.payload.summary).toBe(first.payload.summary);
    await execute(client, { tool_id: id('lookup'), args: { key: 'b' } });
    expect(upstream.calls).toHaveLength(2);
  });

  it('never serves a mutating tool from the cache, even when it is allow-listed', async () => {
    const { session, id, upstream } = await setup({
      cache: { readOnly: true, allow: ['kv:store', 'kv:lookup'] },
    });
    const client = await session();
    for (let call = 0; call < 3; call += 1) {
      const { payload } = await execute(client, { tool_id: id('store'), args: { key: 'k' } });
      expect(payload.provenance.cache_hit).toBe(false);
    }
    expect(upstream.calls).toHaveLength(3);
  });

  it('never caches error results and is emptied when the catalog is refreshed', async () => {
    const { session, id, upstream, runtime, controls } = await setup({ cache: { readOnly: true } });
    const client = await session();
    await execute(client, { tool_id: id('broken'), args: {} });
    await execute(client, { tool_id: id('broken'), args: {} });
    expect(upstream.calls).toHaveLength(2);
    await execute(client, { tool_id: id('lookup'), args: { key: 'a' } });
    expect(controls.cache?.size).toBe(1);
    await runtime.refresh();
    expect(controls.cache?.size).toBe(0);
    await execute(client, { tool_id: id('lookup'), args: { key: 'a' } });
    expect(upstream.calls).toHaveLength(4);
  });

  it('shares cached results across sessions, each firewalled into its own envelope', async () => {
    const { session, id, upstream } = await setup({ cache: { readOnly: true } });
    await execute(await session(), { tool_id: id('lookup'), args: { key: 'a' } });
    const other = await execute(await session(), { tool_id: id('lookup'), args: { key: 'a' } });
    expect(other.payload.provenance.cache_hit).toBe(true);
    expect(upstream.calls).toHaveLength(1);
  });
});

describe('retry', () => {
  it('retries an unavailable upstream until it answers and reports the attempts', async () => {
    const { session, id, upstream, events } = await setup({ retry: { maxAttempts: 3 } });
    upstream.failures.flaky = 2;
    const { result } = await execute(await session(), { tool_id: id('flaky'), args: {} });
    expect(result.isError).toBeUndefined();
    expect(upstream.calls).toHaveLength(3);
    expect(events).toEqual([
      { type: 'execute.completed', tool_id: id('flaky'), attempts: 3, cache_hit: false },
    ]);
  });

  it('gives up after maxAttempts with the classified error', async () => {
    const { session, id, upstream } = await setup({ retry: { maxAttempts: 2 } });
    upstream.failures.flaky = 5;
    const { result, payload } = await execute(await session(), { tool_id: id('flaky'), args: {} });
    expect(result.isError).toBe(true);
    expect(payload).toMatchObject({
      error: 'UPSTREAM_UNAVAILABLE',
      retryable: true,
      details: { attempts: 2 },
    });
    expect(upstream.calls).toHaveLength(2);
  });

  it('never retries a non-retryable failure or a tool error result', async () => {
    const { session, id, upstream } = await setup({ retry: { maxAttempts: 5 } });
    const client = await session();
    const refused = await execute(client, { tool_id: id('refuse'), args: {} });
    expect(refused.payload.error).toBe('AUTH_FAILED');
    const broken = await execute(client, { tool_id: id('broken'), args: {} });
    expect(broken.payload.status).toBe('error');
    expect(upstream.calls.map((call) => call.name)).toEqual(['refuse', 'broken']);
  });
});

describe('dry run', () => {
  it('is offered in tools/list and reports without calling upstream', async () => {
    const { session, id, upstream, events } = await setup({ dryRun: true });
    const client = await session();
    const { tools } = await client.listTools();
    const execute_ = tools.find((tool) => tool.name === 'tool_execute');
    expect(execute_?.inputSchema.properties).toHaveProperty('dry_run');
    const result = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: id('store'), args: { key: 'k' }, dry_run: true },
    });
    expect(result.isError).toBeUndefined();
    expect(structured<DryRunReport>(result)).toEqual({
      dry_run: true,
      tool_id: id('store'),
      upstream_name: 'store',
      args_valid: true,
      annotations: { readOnlyHint: false, destructiveHint: true, verified: false },
      checks: [
        { name: 'schema_validation', status: 'pass' },
        { name: 'rate_limit', status: 'pass' },
      ],
    });
    expect(upstream.calls).toEqual([]);
    expect(events).toEqual([{ type: 'execute.dry_run', tool_id: id('store') }]);
  });

  it('answers ARGS_INVALID for invalid arguments, as a real call would', async () => {
    const { session, id } = await setup({ dryRun: true });
    const { payload } = await execute(await session(), {
      tool_id: id('store'),
      args: { key: 5 },
      dry_run: true,
    });
    expect(payload.error).toBe('ARGS_INVALID');
  });

  it('consumes no quota, of the tool or of tool_execute', async () => {
    const { session, id, upstream } = await setup({
      dryRun: true,
      rateLimits: {
        metaTools: { tool_execute: { maxCallsPerSession: 1 } },
        tools: { 'kv:lookup': { maxCallsPerSession: 1 } },
      },
    });
    const client = await session();
    for (let run = 0; run < 3; run += 1) {
      const dry = await execute(client, {
        tool_id: id('lookup'),
        args: { key: 'a' },
        dry_run: true,
      });
      expect(dry.payload).toMatchObject({ dry_run: true });
    }
    const real = await execute(client, { tool_id: id('lookup'), args: { key: 'a' } });
    expect(real.result.isError).toBeUndefined();
    const after = await execute(client, {
      tool_id: id('lookup'),
      args: { key: 'a' },
      dry_run: true,
    });
    expect((after.payload as unknown as DryRunReport).checks[1]).toMatchObject({
      name: 'rate_limit',
      status: 'fail',
      details: { limit: 'max_calls_per_session' },
    });
    expect(upstream.calls).toHaveLength(1);
  });
});

describe('tolerant arguments', () => {
  it('repairs typed strings and a stringified object, and records each repair', async () => {
    const { session, id, upstream } = await setup({ tolerantArgs: true });
    const client = await session();
    const { payload } = await execute(client, {
      tool_id: id('typed'),
      args: '{"count":"3","ratio":"0.5","on":"true","note":"7"}',
    });
    expect(payload.provenance.arg_repairs).toEqual([
      { rule: 'parse_stringified_object', path: '' },
      { rule: 'str_to_integer', path: '/count' },
      { rule: 'str_to_number', path: '/ratio' },
      { rule: 'str_to_boolean', path: '/on' },
    ]);
    expect(upstream.calls[0]?.args).toEqual({ count: 3, ratio: 0.5, on: true, note: '7' });
    const clean = await execute(client, { tool_id: id('typed'), args: { count: 1 } });
    expect(clean.payload.provenance.arg_repairs).toEqual([]);
  });

  it('still refuses what no rule repairs, with nothing sent upstream', async () => {
    const { session, id, upstream } = await setup({ tolerantArgs: true });
    const { payload } = await execute(await session(), {
      tool_id: id('typed'),
      args: { count: 'three' },
    });
    expect(payload.error).toBe('ARGS_INVALID');
    expect(upstream.calls).toEqual([]);
  });
});

describe('rate limits', () => {
  it('refuses a meta-tool beyond its minute with RATE_LIMITED, retryable and retry_after', async () => {
    const { session, clock } = await setup({
      rateLimits: { metaTools: { tool_browse: { maxCallsPerMinute: 2 } } },
    });
    const client = await session();
    const browse = () => client.callTool({ name: 'tool_browse', arguments: { query: 'key' } });
    await browse();
    clock.now += 15_000;
    await browse();
    const refused = await browse();
    expect(refused.isError).toBe(true);
    expect(structured<GatewayErrorPayload>(refused)).toMatchObject({
      error: 'RATE_LIMITED',
      retryable: true,
      details: { scope: 'meta:tool_browse', retry_after: 45 },
    });
    clock.now += 45_000;
    expect((await browse()).isError).toBeUndefined();
  });

  it('limits a tool id per session without dispatching the refused call', async () => {
    const { session, id, upstream } = await setup({
      rateLimits: { tools: { [id_('lookup')]: { maxCallsPerMinute: 1 } } },
    });
    const first = await session();
    const second = await session();
    await execute(first, { tool_id: id('lookup'), args: { key: 'a' } });
    const refused = await execute(first, { tool_id: id('lookup'), args: { key: 'a' } });
    expect(refused.payload.error).toBe('RATE_LIMITED');
    const other = await execute(first, { tool_id: id('store'), args: { key: 'a' } });
    expect(other.result.isError).toBeUndefined();
    const elsewhere = await execute(second, { tool_id: id('lookup'), args: { key: 'a' } });
    expect(elsewhere.result.isError).toBeUndefined();
    expect(upstream.calls).toHaveLength(3);
  });
});

/** `kv:<name>`, the configured form of a tool id without its hash. */
function id_(name: string): string {
  return `kv:${name}`;
}

describe('controls in proxy mode', () => {
  it('accepts dry_run, limits calls, and reports provenance in _meta', async () => {
    const { session, id, upstream } = await setup({
      dryRun: true,
      cache: { readOnly: true },
      rateLimits: { metaTools: { tool_hydrate: { maxCallsPerSession: 1 } } },
    });
    const client = await session('proxy');
    const dry = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: id('lookup'), args: { key: 'a' }, dry_run: true },
    });
    expect(structured<DryRunReport>(dry).dry_run).toBe(true);
    await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: id('lookup'), args: { key: 'a' } },
    });
    const hit = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: id('lookup'), args: { key: 'a' } },
    });
    expect(hit._meta?.[PROVENANCE_META_KEY]).toEqual({ cache_hit: true });
    expect(upstream.calls).toHaveLength(1);
    await client.callTool({ name: 'tool_hydrate', arguments: { tool_id: id('lookup') } });
    const refused = await client.callTool({
      name: 'tool_hydrate',
      arguments: { tool_id: id('lookup') },
    });
    expect(structured<GatewayErrorPayload>(refused).error).toBe('RATE_LIMITED');
  });
});
