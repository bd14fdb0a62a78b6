import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCache } from '../../src/build-cache.js';
import { createTempFolder, writeFiles } from './temp-folder.js';

/** Sources of the sample cache. */
export const SAMPLE_SOURCES: Readonly<Record<string, string>> = {
  'alpha.md': 'Alpha beta\nbeta GAMMA',
  'gamma.md': 'gamma',
  'greeting.md': 'Grüße beta',
  'other.md': 'x y z',
};

/** Builds the sample cache as `<root>/<name>` and returns the root. */
export async function createSampleRoot(name = 'sample'): Promise<string> {
  const folder = await createTempFolder();
  await writeFiles(
    folder,
    Object.fromEntries(
      Object.entries(SAMPLE_SOURCES).map(([file, text]) => [`sources/${file}`, text]),
    ),
  );
  await buildCache({
    sources: join(folder, 'sources'),
    cache: join(folder, 'root', name),
    createdAt: new Date(0),
  });
  return join(folder, 'root');
}

/** Reads a JSON file of a cache. */
export async function readJson(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
}

/** Rewrites a JSON file of a cache through `change`. */
export async function editJson(
  path: string,
  change: (value: Record<string, unknown>) => void,
): Promise<void> {
  const value = await readJson(path);
  change(value);
  await writeFile(path, JSON.stringify(value, null, 2));
}
