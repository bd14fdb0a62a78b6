/**
 * The life cycle most process tests share: a temporary folder for the file (or for each test)
 * and the clean-ups a test defers, run after it, newest first.
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** What a test stops once it is done, newest first; filled with `push`. */
export type Cleanups = (() => Promise<unknown>)[];

/** Runs and empties `cleanups`, newest first. */
async function runCleanups(cleanups: Cleanups): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** Registers an `afterEach` that runs and empties the returned clean-ups, newest first. */
export function useCleanups(): Cleanups {
  const cleanups: Cleanups = [];
  afterEach(() => runCleanups(cleanups));
  return cleanups;
}

/** A temporary folder made by {@link useScratch}. */
export interface Scratch {
  /** The folder's path (set once the first hook has run). */
  readonly folder: string;
  /** What the current test stops once it is done, newest first. */
  readonly cleanups: Cleanups;
}

/** Options of {@link useScratch}. */
export interface ScratchOptions {
  /** A fresh folder for each test instead of one for the file. */
  perTest?: boolean;
  /** Runs (for example, an assertion that no process is left) just before the folder goes. */
  beforeRemove?: (folder: string) => void | Promise<void>;
}

/**
 * Registers the hooks of a temporary folder (name starting with `prefix`) and of the deferred
 * clean-ups: the clean-ups run after each test, then the folder is removed after the file (or
 * after each test with `perTest`).
 */
export function useScratch(prefix: string, options: ScratchOptions = {}): Scratch {
  let folder = '';
  const create = async () => {
    folder = await mkdtemp(join(tmpdir(), prefix));
  };
  const remove = async () => {
    await options.beforeRemove?.(folder);
    await rm(folder, { recursive: true, force: true });
  };
  const cleanups: Cleanups = [];
  if (options.perTest === true) {
    beforeEach(create);
    // One hook, so the clean-ups (processes that may still write there) end before the folder goes.
    afterEach(async () => {
      await runCleanups(cleanups);
      await remove();
    });
  } else {
    beforeAll(create);
    afterEach(() => runCleanups(cleanups));
    afterAll(remove);
  }
  return {
    get folder() {
      return folder;
    },
    cleanups,
  };
}
