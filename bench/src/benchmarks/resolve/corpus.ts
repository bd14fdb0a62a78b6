/**
 * A BEIR corpus as a folder of markdown files, the input `buildCache` of `@x/context-cache`
 * reads, and the way back from cache document ids to corpus ids.
 *
 * @module
 */

import { readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeDocumentId } from '@x/context-cache';
import type { BeirDocument } from '../../datasets/beir.js';
import { BenchError } from '../../errors.js';

/** Corpus ids that are safe as file names on every platform. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** The markdown of one document: the title as a level-1 heading (the `bm25` strategy's title field), then the text. */
export function documentMarkdown(document: BeirDocument): string {
  return document.title.trim() === ''
    ? `${document.text}\n`
    : `# ${document.title}\n\n${document.text}\n`;
}

/**
 * Writes every document to `<folder>/<id>.md` and returns cache document id -> corpus id.
 *
 * @throws {@link BenchError} `BAD_DATA` for an id that is not a safe file name, or two ids
 *   that would be the same cache document id.
 */
export async function writeCorpusSources(
  corpus: readonly BeirDocument[],
  folder: string,
): Promise<Map<string, string>> {
  const corpusIds = new Map<string, string>();
  for (const document of corpus) {
    if (!SAFE_ID.test(document._id)) {
      throw new BenchError({
        code: 'BAD_DATA',
        message: `corpus id ${JSON.stringify(document._id)} cannot be a file name`,
      });
    }
    const fileName = `${document._id}.md`;
    const id = normalizeDocumentId(fileName);
    if (corpusIds.has(id)) {
      throw new BenchError({
        code: 'BAD_DATA',
        message: `corpus ids ${corpusIds.get(id)} and ${document._id} give the same document id`,
      });
    }
    corpusIds.set(id, document._id);
    await writeFile(join(folder, fileName), documentMarkdown(document));
  }
  return corpusIds;
}

/** Bytes and files under a folder, recursively (symbolic links are not followed). */
export async function folderSize(folder: string): Promise<{ bytes: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const inner = await folderSize(path);
      bytes += inner.bytes;
      files += inner.files;
    } else if (entry.isFile()) {
      bytes += (await stat(path)).size;
      files += 1;
    }
  }
  return { bytes, files };
}
