import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ClosableSessionStore,
  createMemorySessionStore,
  createRedisSessionStore,
  type SessionStore,
} from '@x/core/sessions';
import { startRedisServer, type TestRedisServer } from '@x/test-kit';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createSharedArtifacts,
  type SharedArtifactsOptions,
} from '../../../src/artifacts/index.js';
import { createMemoryArtifactStore } from '../../../src/artifacts/memory-artifact-store.js';
import { GatewayError } from '../../../src/errors.js';
import { applyFirewall } from '../../../src/firewall/firewall.js';
import { viewArtifact } from '../../../src/firewall/view/artifact-view.js';
import { anyText } from '../../arbitraries.js';
import { withoutHandles } from '../../handles.js';
import { MALFORMED_HANDLES } from '../malformed-handles.js';

const text = (content: string) => ({ text: content, mediaType: 'text/plain' });
const folders: string[] = [];

async function directory(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'x-artifacts-'));
  folders.push(folder);
  return folder;
}

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function evictionOf(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!GatewayError.isInstance(error)) throw new Error(`expected a GatewayError, got ${error}`);
  return error;
}

/** The same behaviour over the in-memory session store and a real Redis. */
function behaviour(name: string, open: () => SessionStore) {
  const shared = (options: Omit<SharedArtifactsOptions, 'store'> = {}) =>
    createSharedArtifacts({ store: open(), ...options });

  describe(`createSharedArtifacts over ${name}`, () => {
    it('serves a handle put through one instance from another, with the same fields', async () => {
      const sid = randomUUID();
      const store = open();
      const first = createSharedArtifacts({ store }).forSession(sid);
      const second = createSharedArtifacts({ store }).forSession(sid);
      const put = await first.put({ text: '{"a":\n[1,2]}', mediaType: 'application/json' });
      const got = await second.get(put.handle);
      expect(got).toMatchObject({
        handle: put.handle,
        mediaType: 'application/json',
        text: put.text,
        bytes: put.bytes,
        truncated: false,
      });
      expect(got?.lines()).toEqual(['{"a":', '[1,2]}']);
      expect(got?.json()).toEqual({ ok: true, value: { a: [1, 2] } });
      expect(
        await createSharedArtifacts({ store }).forSession(`${sid}-other`).get(put.handle),
      ).toBe(undefined);
    });

    it('keeps large contents as files of the directory and small ones in the store', async () => {
      const sid = randomUUID();
      const folder = await directory();
      const artifacts = shared({ directory: folder, inlineMaxBytes: 8 });
      const session = artifacts.forSession(sid);
      const small = await session.put(text('tiny'));
      const large = await session.put(text('a line\n'.repeat(50)));
      const [sessionFolder] = await readdir(folder);
      expect(await readdir(join(folder, sessionFolder as string))).toEqual([
        `${large.handle}.artifact`,
      ]);
      const other = createSharedArtifacts({ store: open(), directory: folder }).forSession(sid);
      expect((await other.get(large.handle))?.text).toBe(large.text);
      expect((await other.get(small.handle))?.text).toBe('tiny');
      await artifacts.deleteSession(sid);
      expect(await readdir(folder)).toEqual([]);
      expect(await other.get(large.handle)).toBeUndefined();
    });

    it('evicts the least recently used beyond the count bound, and says so at a view', async () => {
      const sid = randomUUID();
      const session = shared({ maxArtifacts: 2 }).forSession(sid);
      const a = await session.put(text('a'));
      const b = await session.put(text('b'));
      await session.get(a.handle);
      await session.put(text('c'));
      expect((await session.get(a.handle))?.text).toBe('a');
      const error = await evictionOf(session.get(b.handle));
      expect(error.code).toBe('VIEW_FAILED');
      expect(error.message).toContain('at most 2 artifacts');
      expect(error.data).toMatchObject({ reason: 'evicted', handle: b.handle, max_artifacts: 2 });
      const again = await session.put(text('b'));
      expect(again.handle).not.toBe(b.handle);
      expect((await session.get(again.handle))?.text).toBe('b');
    });

    it('evicts beyond the byte bound, files included, and cuts content above the cap', async () => {
      const sid = randomUUID();
      const folder = await directory();
      const session = shared({
        maxBytes: 12,
        maxArtifactBytes: 6,
        directory: folder,
        inlineMaxBytes: 5,
      }).forSession(sid);
      const long = await session.put(text('ééééé'));
      expect(long).toMatchObject({ text: 'ééé', bytes: 10, truncated: true });
      const other = await session.put(text('123456'));
      await session.get(long.handle);
      await session.put(text('abcdef'));
      expect((await session.get(long.handle))?.text).toBe('ééé');
      expect((await evictionOf(session.get(other.handle))).data).toMatchObject({ max_bytes: 12 });
      const [sessionFolder] = await readdir(folder);
      const files = await readdir(join(folder, sessionFolder as string));
      expect(files).toHaveLength(2);
      expect(files).toContain(`${long.handle}.artifact`);
      for (const file of files) expect(file).toMatch(/^art_[0-9a-f]{32}\.artifact$/);
    });

    it('answers undefined for malformed and unknown handles and after the session is deleted', async () => {
      const sid = randomUUID();
      const artifacts = shared();
      const session = artifacts.forSession(sid);
      const artifact = await session.put(text('x'));
      for (const handle of MALFORMED_HANDLES) {
        expect(await session.get(handle as string)).toBeUndefined();
      }
      await session.clear();
      expect((await session.get(artifact.handle))?.text).toBe('x');
      await artifacts.deleteSession(sid);
      expect(await session.get(artifact.handle)).toBeUndefined();
    });

    it('refuses a new artifact past maxTotalBytes over every session and instance, until room is freed', async () => {
      const store = open();
      // Other tests of this file count against the same total: start from none.
      await store.delete('gateway:artifacts:total');
      const bounds = { maxTotalBytes: 1_000, maxBytes: 700 };
      const first = createSharedArtifacts({ store, ...bounds });
      const second = createSharedArtifacts({ store, ...bounds });
      const [one, two] = [randomUUID(), randomUUID()];
      await first.forSession(one).put(text('a'.repeat(600)));
      // A session's own bound evicts its older artifact: it still holds at most 700 bytes.
      await first.forSession(one).put(text('b'.repeat(600)));
      const refused = await evictionOf(second.forSession(two).put(text('c'.repeat(600))));
      expect(refused).toMatchObject({
        code: 'RATE_LIMITED',
        retryable: true,
        data: { reason: 'artifacts_full', max_total_bytes: 1_000 },
      });
      expect(refused.message).toContain('at most 1000 bytes (artifacts.maxTotalBytes)');
      expect(await second.forSession(two).put(text('c'.repeat(300)))).toMatchObject({ bytes: 300 });
      await first.deleteSession(one);
      expect(await second.forSession(two).put(text('d'.repeat(600)))).toMatchObject({ bytes: 600 });
    });
  });
}

const memoryStore = createMemorySessionStore();
behaviour('the in-memory session store', () => memoryStore);

let redis: TestRedisServer;
let redisStore: ClosableSessionStore;
beforeAll(async () => {
  redis = await startRedisServer();
  redisStore = await createRedisSessionStore({ url: redis.url, keyPrefix: 'artifacts-test:' });
});
afterAll(async () => {
  await redisStore?.close();
  await redis?.stop();
});
behaviour('Redis', () => redisStore);

describe('createSharedArtifacts', () => {
  it('gives the same envelopes and views as the in-memory store (property)', async () => {
    const folder = await directory();
    await fc.assert(
      fc.asyncProperty(anyText(400), fc.boolean(), async (content, asJson) => {
        const body = asJson ? JSON.stringify({ items: content.split('\n') }) : content;
        const result = { content: [{ type: 'text' as const, text: body }] };
        const source = { toolId: 'fs:read#0123abcd', upstreamName: 'read' };
        const options = { maxInlineTokens: 5, summaryTokens: 3 };
        const memory = createMemoryArtifactStore({ maxArtifactBytes: 300 });
        const sharedStore = createSharedArtifacts({
          store: createMemorySessionStore(),
          directory: folder,
          inlineMaxBytes: 64,
          maxArtifactBytes: 300,
        }).forSession('s1');
        const expected = await applyFirewall(result, source, memory, options);
        const actual = await applyFirewall(result, source, sharedStore, options);
        expect(withoutHandles(actual)).toBe(withoutHandles(expected));
        for (const [index, { handle }] of expected.envelope.artifacts.entries()) {
          const fromMemory = await memory.get(handle);
          const again = await sharedStore.get(actual.envelope.artifacts[index]?.handle as string);
          for (const selector of ['head', 'lines:2-4', 'json_keys', 'rows:0-2:$.items']) {
            const view = (store: unknown) => {
              try {
                return viewArtifact(store as never, selector);
              } catch (error) {
                return String(error);
              }
            };
            expect(withoutHandles(view(again))).toBe(withoutHandles(view(fromMemory)));
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('sweeps directory folders of sessions unused for the time to live', async () => {
    const folder = await directory();
    const artifacts = createSharedArtifacts({
      store: createMemorySessionStore(),
      directory: folder,
      inlineMaxBytes: 1,
      ttlMs: 60_000,
    });
    await artifacts.forSession('old').put(text('old content'));
    const [oldFolder] = await readdir(folder);
    await artifacts.forSession('new').put(text('new content'));
    expect(await artifacts.sweep()).toBe(0);
    const long = new Date(Date.now() - 120_000);
    await utimes(join(folder, oldFolder as string), long, long);
    expect(await artifacts.sweep()).toBe(1);
    const left = await readdir(folder);
    expect(left).toHaveLength(1);
    expect(left).not.toContain(oldFolder);
  });

  it('refuses limits that are not positive integers', () => {
    const store = createMemorySessionStore();
    for (const options of [{ maxArtifacts: 0 }, { inlineMaxBytes: 1.5 }, { ttlMs: -1 }]) {
      expect(() => createSharedArtifacts({ store, ...options })).toThrow(GatewayError);
    }
  });
});
