import { execFileSync } from 'node:child_process';
import { mkdir, symlink, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lstatIdentity, readCacheFile, sameIdentity } from '../../src/verification/cache-file.js';
import { createTempFolder } from '../support/temp-folder.js';

/** Windows has no FIFOs or `mkfifo`; the FIFO cases are POSIX ones. */
const posix = process.platform !== 'win32';

function mkfifo(path: string): void {
  execFileSync('mkfifo', [path]);
}

describe('readCacheFile', () => {
  it('reads a regular file from the handle it stats, with that identity', async () => {
    const folder = await createTempFolder();
    const path = join(folder, 'file.json');
    await writeFile(path, '{"a":1}');
    const read = readCacheFile(path, 1024);
    expect(read.kind).toBe('read');
    if (read.kind !== 'read') return;
    expect(read.bytes.toString('utf8')).toBe('{"a":1}');
    expect(sameIdentity(read.identity, lstatIdentity(path))).toBe(true);
  });

  it('reports a missing path, and a path below a file, as missing', async () => {
    const folder = await createTempFolder();
    await writeFile(join(folder, 'file'), 'x');
    expect(readCacheFile(join(folder, 'nope.json'), 1024)).toEqual({ kind: 'missing' });
    expect(readCacheFile(join(folder, 'file', 'below.json'), 1024)).toEqual({ kind: 'missing' });
  });

  it('never follows a symbolic link, even to a regular file', async () => {
    const folder = await createTempFolder();
    await writeFile(join(folder, 'target.json'), '{}');
    await symlink(join(folder, 'target.json'), join(folder, 'link.json'));
    expect(readCacheFile(join(folder, 'link.json'), 1024)).toEqual({ kind: 'not_regular' });
  });

  it('refuses a folder', async () => {
    const folder = await createTempFolder();
    await mkdir(join(folder, 'folder.json'));
    expect(readCacheFile(join(folder, 'folder.json'), 1024)).toEqual({ kind: 'not_regular' });
  });

  it.runIf(posix)('refuses a FIFO without waiting for a writer', async () => {
    const folder = await createTempFolder();
    const fifo = join(folder, 'fifo.json');
    mkfifo(fifo);
    expect(readCacheFile(fifo, 1024)).toEqual({ kind: 'not_regular' });
  });

  it.runIf(posix)('refuses a symbolic link to a FIFO without opening the FIFO', async () => {
    const folder = await createTempFolder();
    mkfifo(join(folder, 'fifo'));
    await symlink(join(folder, 'fifo'), join(folder, 'link.json'));
    expect(readCacheFile(join(folder, 'link.json'), 1024)).toEqual({ kind: 'not_regular' });
  });

  it('refuses a file over the bound from its size alone, and reads one at the bound', async () => {
    const folder = await createTempFolder();
    const path = join(folder, 'file.json');
    await writeFile(path, 'x'.repeat(1025));
    expect(readCacheFile(path, 1024)).toMatchObject({ kind: 'too_large' });
    await writeFile(path, 'x'.repeat(1024));
    expect(readCacheFile(path, 1024)).toMatchObject({ kind: 'read' });
  });

  it('refuses a 2 GiB sparse file without reading it or holding it in memory', async () => {
    const folder = await createTempFolder();
    const path = join(folder, 'huge.json');
    await writeFile(path, '{"id":"a"');
    await truncate(path, 2 * 1024 ** 3);
    const before = process.memoryUsage().rss;
    const read = readCacheFile(path, 64 * 1024 * 1024);
    expect(read.kind).toBe('too_large');
    // Nothing near the file's size was allocated (a read of it would add 2 GiB).
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  });
});
