import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSampleRoot } from '../support/sample-cache.js';

/** Every read of a cache file goes through `readCacheFile`: counting its calls counts reads. */
vi.mock('../../src/verification/cache-file.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/verification/cache-file.js')>();
  return { ...original, readCacheFile: vi.fn(original.readCacheFile) };
});

const { readCacheFile } = await import('../../src/verification/cache-file.js');
const { createCacheState, refreshCacheState, TIMESTAMP_MARGIN_NS } = await import(
  '../../src/verification/cache-state.js'
);

const reads = vi.mocked(readCacheFile);
const MARGIN_MS = Number(TIMESTAMP_MARGIN_NS / 1_000_000n);

afterEach(() => {
  vi.restoreAllMocks();
  reads.mockClear();
});

/** A sample cache (manifest and four documents) and a state to refresh it with. */
async function sampleState() {
  const cache = join(await createSampleRoot(), 'sample');
  const state = createCacheState(cache, { maxFileBytes: 1024 * 1024, checkIndex: false });
  const refresh = async (touched?: { all?: boolean; manifest?: boolean; documents?: string[] }) => {
    reads.mockClear();
    const verified = await refreshCacheState(state, {
      beforeRead: () => ({
        all: touched?.all ?? false,
        manifest: touched?.manifest ?? false,
        documents: new Set(touched?.documents ?? []),
      }),
      yieldControl: async () => {},
    });
    return { valid: verified.report.valid, reads: reads.mock.calls.length };
  };
  return { cache, refresh };
}

/** Moves the clock the reads are dated with (never the files' timestamps) by `milliseconds`. */
function clockAhead(milliseconds: number): void {
  const now = Date.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + milliseconds);
}

describe('refreshCacheState', () => {
  it('reads files changed within the timestamp margin again at every refresh, even unchanged', async () => {
    const { refresh } = await sampleState();
    expect(await refresh()).toEqual({ valid: true, reads: 5 });
    // Just built: a same-size rewrite within the same timestamp tick would keep the identity,
    // so nothing read so soon after its last change is trusted.
    expect(await refresh()).toEqual({ valid: true, reads: 5 });
  });

  it('trusts an identity read well after the last change, and reads nothing unchanged again', async () => {
    const { refresh } = await sampleState();
    clockAhead(MARGIN_MS + 1000);
    expect(await refresh()).toEqual({ valid: true, reads: 5 });
    expect(await refresh()).toEqual({ valid: true, reads: 0 });
  });

  it('reads a trusted file again when its identity changed, and only that file', async () => {
    const { cache, refresh } = await sampleState();
    clockAhead(MARGIN_MS + 1000);
    await refresh();
    const manifest = await readFile(join(cache, 'manifest.json'), 'utf8');
    await writeFile(join(cache, 'manifest.json'), manifest);
    expect(await refresh()).toEqual({ valid: true, reads: 1 });
  });

  it('reads trusted files again when a change signal names them', async () => {
    const { refresh } = await sampleState();
    clockAhead(MARGIN_MS + 1000);
    await refresh();
    expect(await refresh({ manifest: true })).toEqual({ valid: true, reads: 1 });
    expect(await refresh({ all: true })).toEqual({ valid: true, reads: 5 });
  });
});
