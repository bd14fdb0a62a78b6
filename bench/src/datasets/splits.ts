import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError } from '../errors.js';

/** The split that unsuffixed files (`queries.jsonl`) hold. */
export const TEST_SPLIT = 'test';

/**
 * The file of one split: `<stem>_<split><extension>`; for the test split an unsuffixed
 * `<stem><extension>` is used when no `_test` file exists.
 *
 * @throws {@link BenchError} `NO_DATA` listing the splits that exist.
 */
export function splitFile(folder: string, stem: string, extension: string, split: string): string {
  const suffixed = join(folder, `${stem}_${split}${extension}`);
  if (existsSync(suffixed)) return suffixed;
  const unsuffixed = join(folder, `${stem}${extension}`);
  if (split === TEST_SPLIT && existsSync(unsuffixed)) return unsuffixed;
  const available = listSplits(folder, stem, extension);
  throw new BenchError({
    code: 'NO_DATA',
    message: `no split "${split}" in ${folder} (no ${stem}_${split}${extension}); splits there: ${available.join(', ') || 'none'}`,
  });
}

/** The splits a folder holds for one kind of file, sorted. */
export function listSplits(folder: string, stem: string, extension: string): string[] {
  if (!existsSync(folder)) return [];
  const splits = new Set<string>();
  for (const name of readdirSync(folder)) {
    if (name === `${stem}${extension}`) splits.add(TEST_SPLIT);
    else if (name.startsWith(`${stem}_`) && name.endsWith(extension)) {
      splits.add(name.slice(stem.length + 1, name.length - extension.length));
    }
  }
  return [...splits].sort();
}
