import { CoreError } from '@x/core';
import { describe, expect, it, vi } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { createGatewayRuntime } from '../../src/server/runtime.js';
import { fakeUpstream, simpleTool } from '../helpers.js';

async function failure(
  action: () => Promise<unknown>,
): Promise<Record<string, unknown> | undefined> {
  try {
    await action();
  } catch (error) {
    if (GatewayError.isInstance(error))
      return { code: error.code, retryable: error.retryable, ...error.data };
    throw error;
  }
  return undefined;
}

function idOf(runtime: { catalog: { toolIds: readonly string[] } }, prefix: string): string {
  return runtime.catalog.toolIds.find((id) => id.startsWith(prefix)) as string;
}

describe('createGatewayRuntime', () => {
  it('refuses two upstreams with one name', async () => {
    const twin = fakeUpstream('web', []);
    expect(await failure(() => createGatewayRuntime({ upstreams: [twin, twin] }))).toMatchObject({
      code: 'ARGS_INVALID',
    });
  });

  it('starts without an upstream that fails to list, and adds it on a later refresh', async () => {
    const good = fakeUpstream('good', [simpleTool('ping')]);
    const down = fakeUpstream('down', [simpleTool('search', ['query'])]);
    down.listError = new CoreError({
      code: 'UNAVAILABLE',
      message: 'upstream "down": connect: refused',
    });
    const runtime = await createGatewayRuntime({ upstreams: [good, down] });
    expect(runtime.catalog.size).toBe(1);
    expect(runtime.lastRefresh.upstreams).toEqual([
      { name: 'good', status: 'ok', tools: 1 },
      {
        name: 'down',
        status: 'failed',
        tools: 0,
        error: expect.objectContaining({ error: 'UPSTREAM_UNAVAILABLE', retryable: true }),
      },
    ]);
    down.listError = undefined;
    expect((await runtime.refresh()).tools).toBe(2);
    down.listError = new Error('socket hang up');
    const report = await runtime.refresh(['down']);
    expect(report.tools).toBe(2);
    expect(report.upstreams[1]).toMatchObject({ status: 'failed', tools: 1 });
    runtime.close();
  });

  it('refreshes an upstream on its list_changed and tells listeners about the new catalog', async () => {
    const upstream = fakeUpstream('notes', [simpleTool('add', ['text'])]);
    const runtime = await createGatewayRuntime({ upstreams: [upstream] });
    const before = runtime.catalog;
    const heard = new Promise((resolve) => runtime.onCatalogChanged(resolve));
    upstream.tools = [simpleTool('add', ['text']), simpleTool('remove', ['id'])];
    upstream.changed();
    expect(await heard).toBe(runtime.catalog);
    expect(runtime.catalog).not.toBe(before);
    expect(runtime.catalog.size).toBe(2);
    runtime.close();
  });

  it('keeps the old catalog when a refresh would collide, and reports it', async () => {
    const first = fakeUpstream('a', [simpleTool('find')], 'shared');
    const second = fakeUpstream('b', [], 'shared');
    const onError = vi.fn();
    const runtime = await createGatewayRuntime({ upstreams: [first, second], onError });
    const before = runtime.catalog;
    second.tools = [simpleTool('find')];
    const report = await runtime.refresh();
    expect(report.error).toMatchObject({
      error: 'UPSTREAM_ERROR',
      details: { reason: 'TOOL_ID_COLLISION' },
    });
    expect(runtime.catalog).toBe(before);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'TOOL_ID_COLLISION' }));
    runtime.close();
  });

  it('fails closed for a tool removed by a refresh', async () => {
    const upstream = fakeUpstream('svc', [simpleTool('old')]);
    const runtime = await createGatewayRuntime({ upstreams: [upstream] });
    const oldId = idOf(runtime, 'svc:old#');
    upstream.tools = [simpleTool('new')];
    await runtime.refresh();
    expect(await failure(() => runtime.execute(oldId, {}))).toMatchObject({
      code: 'HYDRATE_FAILED',
    });
    expect(upstream.calls).toEqual([]);
    runtime.close();
  });

  it('validates before dispatch and passes the upstream result through', async () => {
    const upstream = fakeUpstream('svc', [simpleTool('greet', ['name'])]);
    const runtime = await createGatewayRuntime({ upstreams: [upstream] });
    const toolId = idOf(runtime, 'svc:greet#');
    expect(await failure(() => runtime.execute(toolId, { name: 3 }))).toMatchObject({
      code: 'ARGS_INVALID',
    });
    expect(await failure(() => runtime.execute(toolId, [1]))).toMatchObject({
      code: 'ARGS_INVALID',
    });
    expect(upstream.calls).toEqual([]);
    const outcome = await runtime.execute(toolId, { name: 'Ada' });
    expect(outcome.entry.upstreamName).toBe('greet');
    expect(outcome.result.content).toEqual([
      { type: 'text', text: '{"toolName":"greet","args":{"name":"Ada"}}' },
    ]);
    expect(await runtime.hydrate(toolId)).toMatchObject({ tool_id: toolId, name: 'greet' });
    runtime.close();
  });

  it('classifies upstream failures with retryable', async () => {
    const upstream = fakeUpstream('svc', [simpleTool('work')]);
    const runtime = await createGatewayRuntime({ upstreams: [upstream] });
    const toolId = idOf(runtime, 'svc:work#');
    const cases: Array<[unknown, string, boolean]> = [
      [new CoreError({ code: 'TIMEOUT', message: 'late' }), 'UPSTREAM_TIMEOUT', true],
      [new CoreError({ code: 'AUTH', message: 'no' }), 'AUTH_FAILED', false],
      [
        Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        'UPSTREAM_UNAVAILABLE',
        true,
      ],
      [new Error('weird'), 'UPSTREAM_ERROR', false],
    ];
    for (const [thrown, code, retryable] of cases) {
      upstream.answer = async () => {
        throw thrown;
      };
      expect(await failure(() => runtime.execute(toolId, {}))).toMatchObject({ code, retryable });
    }
    runtime.close();
  });
});
