import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFileRecordStore,
  createSessionRecordStore,
  defaultRecordFile,
  type IntegrityRecordStore,
  type ToolRecord,
  toolDigest,
  toToolSnapshot,
} from '../../src/integrity/index.js';
import { createMemorySessionStore } from '../../src/sessions/index.js';

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-integrity-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function recordOf(name: string, description: string): ToolRecord {
  const tool = toToolSnapshot({ name, description, inputSchema: { type: 'object' } });
  return { digest: toolDigest(tool), tool };
}

const stores: Array<[string, () => IntegrityRecordStore]> = [
  ['file', () => createFileRecordStore(join(folder, 'deep', 'records.json'))],
  ['session', () => createSessionRecordStore(createMemorySessionStore())],
];

describe.each(stores)('the %s record store', (_kind, open) => {
  it('keeps the first record of a tool and hands it back to a later putIfAbsent', async () => {
    const store = open();
    const first = recordOf('read', 'first');
    expect(await store.get('fs', 'read')).toBeUndefined();
    expect(await store.putIfAbsent('fs', 'read', first)).toEqual(first);
    expect(await store.putIfAbsent('fs', 'read', recordOf('read', 'second'))).toEqual(first);
    expect(await store.get('fs', 'read')).toEqual(first);
    await store.close();
  });

  it('agrees on one record when two first sights race', async () => {
    const store = open();
    const records = ['a', 'b', 'c', 'd'].map((text) => recordOf('race', text));
    const kept = await Promise.all(records.map((record) => store.putIfAbsent('s', 'race', record)));
    expect(new Set(kept.map((record) => record.digest)).size).toBe(1);
    await store.close();
  });

  it('writes a first listing at once, keeping records already there, and lists a server', async () => {
    const store = open();
    const earlier = recordOf('read', 'earlier');
    await store.put('fs', 'read', earlier);
    const kept = await store.putAllIfAbsent('fs', [
      recordOf('read', 'later'),
      recordOf('list', 'l'),
    ]);
    expect(kept.map((record) => record.tool.description)).toEqual(['earlier', 'l']);
    await store.put('other', 'x', recordOf('x', 'x'));
    const listed = await store.list('fs');
    expect([...listed.keys()].sort()).toEqual(['list', 'read']);
    expect(listed.get('read')).toEqual(earlier);
    expect((await store.list('none')).size).toBe(0);
    await store.close();
  });

  it('replaces a record on put and keeps the other tools', async () => {
    const store = open();
    await store.put('fs', 'read', recordOf('read', 'one'));
    await store.put('fs', 'write', recordOf('write', 'w'));
    await store.put('fs', 'read', recordOf('read', 'two'));
    expect((await store.get('fs', 'read'))?.tool.description).toBe('two');
    expect((await store.get('fs', 'write'))?.tool.description).toBe('w');
    expect(await store.get('other', 'read')).toBeUndefined();
    await store.close();
  });
});

describe('the file record store', () => {
  it('keeps what another process wrote in between (re-reads before every write)', async () => {
    const path = join(folder, 'records.json');
    const server = createFileRecordStore(path);
    const cli = createFileRecordStore(path);
    await server.putIfAbsent('fs', 'read', recordOf('read', 'r'));
    await cli.put('fs', 'write', recordOf('write', 'approved'));
    await server.putIfAbsent('fs', 'list', recordOf('list', 'l'));
    const text = JSON.parse(await readFile(path, 'utf8')) as { tools: Record<string, object> };
    expect(Object.keys(text.tools.fs ?? {})).toEqual(['list', 'read', 'write']);
  });

  it.each([
    ['not JSON', '{"version": 1,'],
    ['not a JSON object', '[]'],
    ['version', '{"version": 2, "tools": {}}'],
    ['"tools" is not an object', '{"version": 1, "tools": []}'],
    ['invalid', '{"version": 1, "tools": {"fs": {"read": {"digest": 3}}}}'],
  ])(
    'refuses a corrupt file (%s) with STORE_CORRUPT and leaves it as it was',
    async (reason, text) => {
      const path = join(folder, 'records.json');
      await writeFile(path, text);
      const store = createFileRecordStore(path);
      await expect(store.get('fs', 'read')).rejects.toMatchObject({
        code: 'STORE_CORRUPT',
        message: expect.stringContaining(reason),
      });
      await expect(store.put('fs', 'read', recordOf('read', 'x'))).rejects.toMatchObject({
        code: 'STORE_CORRUPT',
      });
      expect(await readFile(path, 'utf8')).toBe(text);
    },
  );

  it('stores a tool named __proto__ as an ordinary entry', async () => {
    const path = join(folder, 'records.json');
    const store = createFileRecordStore(path);
    await store.put('s', '__proto__', recordOf('__proto__', 'odd'));
    expect((await createFileRecordStore(path).get('s', '__proto__'))?.tool.description).toBe('odd');
  });
});

describe('defaultRecordFile', () => {
  it('lives under XDG_DATA_HOME, one file per configuration path', () => {
    const one = defaultRecordFile('/etc/a/mcp.json', { XDG_DATA_HOME: '/data' });
    const two = defaultRecordFile('/etc/b/mcp.json', { XDG_DATA_HOME: '/data' });
    expect(one).toMatch(/^\/data\/x\/integrity\/[0-9a-f]{16}\.json$/);
    expect(two).not.toBe(one);
  });

  it('falls back to ~/.local/share when XDG_DATA_HOME is unset or relative', () => {
    expect(defaultRecordFile('/etc/mcp.json', {})).toMatch(/\.local\/share\/x\/integrity\//);
    expect(defaultRecordFile('/etc/mcp.json', { XDG_DATA_HOME: 'rel' })).toMatch(
      /\.local\/share\/x\/integrity\//,
    );
  });
});
