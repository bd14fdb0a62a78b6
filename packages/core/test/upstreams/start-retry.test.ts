import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstreamPool, type UpstreamPool } from '../../src/upstreams/index.js';
import { createStartSlots } from '../../src/upstreams/start-slots.js';
import { fixturePath, nodeServer } from './helpers.js';

const TOOLS_SERVER = fixturePath('tools-server.mjs');
const pools: UpstreamPool[] = [];
const folders: string[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
  await Promise.all(
    folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })),
  );
});

/** A marker path in a fresh folder: the fixture fails its first start while it is absent. */
async function failOnceMarker(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'x-start-retry-'));
  folders.push(folder);
  return join(folder, 'started-once');
}

describe('an upstream that misses its start', () => {
  it('is tried again with the backoff, announces its tools and serves them', async () => {
    const marker = await failOnceMarker();
    const pool = createUpstreamPool(
      {
        mcpServers: {
          steady: nodeServer(TOOLS_SERVER),
          late: nodeServer(TOOLS_SERVER, { env: { FIXTURE_FAIL_ONCE: marker } }),
        },
      },
      { stderr: 'ignore', reconnect: { initialDelayMs: 1, maxDelayMs: 1 } },
    );
    pools.push(pool);
    const announced = new Promise<string>((resolve) => {
      pool.onListChanged((upstream, kind) => {
        if (kind === 'tools') resolve(upstream);
      });
    });
    const errors = await pool.connectAll();
    expect(errors.get('steady')).toBeUndefined();
    expect(errors.get('late')).toMatchObject({ code: 'UNAVAILABLE' });

    expect(await announced).toBe('late');
    const late = pool.upstreams.get('late');
    expect(late?.status).toBe('ready');
    expect((await late?.listTools())?.map((tool) => tool.name)).toContain('echo');
  });
});

describe('the start slots', () => {
  it('run at most `limit` tasks at once, the others in order as slots free up', async () => {
    const slots = createStartSlots(2);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const task = (name: string) =>
      slots.run(
        () =>
          new Promise<string>((resolve) => {
            started.push(name);
            finish.set(name, () => resolve(name));
          }),
      );
    const runs = ['a', 'b', 'c', 'd'].map(task);
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    finish.get('b')?.();
    expect(await runs[1]).toBe('b');
    expect(started).toEqual(['a', 'b', 'c']);
    finish.get('a')?.();
    finish.get('c')?.();
    await runs[2];
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    finish.get('d')?.();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('free a slot when a task fails', async () => {
    const slots = createStartSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
