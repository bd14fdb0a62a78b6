/**
 * Hostile disks, over stdio (issue 31, items 5 and 6): a document swapped for a symbolic link
 * to a FIFO while resolves race must not hang the server, and a huge sparse document must be
 * refused from its size, without being read, in bounded memory.
 */

import { execFileSync } from 'node:child_process';
import {
  copyFile,
  cp,
  readdir,
  readFile,
  rename,
  rm,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises';
import { join } from 'node:path';
import { buildCache } from '@x/context-cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Connected,
  callText,
  connectStdio,
  removeFolder,
  SAMPLE_SOURCES,
  temporaryFolder,
  writeFiles,
} from './helpers.js';

/** FIFOs and `/proc` are POSIX and Linux things; Windows has neither. */
const posix = process.platform !== 'win32';
const CACHE_INVALID =
  '{"error":{"code":"cache_invalid","message":"Cache exists but is invalid"}}\n';

let folder: string;
let root: string;
let stdio: Connected;
let healthyAnswer: string;

const resolveArgs = (cache: string) => ({ cache, query: 'cache budget', budget: 1000 });

async function firstDocument(cache: string): Promise<string> {
  const [name] = (await readdir(join(root, cache, 'documents'))).sort();
  return join(root, cache, 'documents', name as string);
}

beforeAll(async () => {
  folder = await temporaryFolder('hostile');
  root = join(folder, 'root');
  await writeFiles(join(folder, 'sources'), SAMPLE_SOURCES);
  await buildCache({ sources: join(folder, 'sources'), cache: join(root, 'healthy') });
  for (const name of ['swapped', 'sparse', 'edited']) {
    await cp(join(root, 'healthy'), join(root, name), { recursive: true });
  }
  stdio = await connectStdio(['--root', root]);
  healthyAnswer = (await callText(stdio.client, 'context.resolve', resolveArgs('healthy'))).text;
});

afterAll(async () => {
  await stdio?.close();
  await removeFolder(folder);
});

describe('x-context-cache serve on a hostile disk', () => {
  it.runIf(posix)(
    'answers 40 resolves racing a document swapped for a link to a FIFO, then keeps serving healthy caches',
    async () => {
      const document = await firstDocument('swapped');
      const original = join(folder, 'original.json');
      await copyFile(document, original);
      execFileSync('mkfifo', [join(folder, 'fifo')]);
      let swapping = true;
      const swapper = (async () => {
        for (let round = 0; swapping; round += 1) {
          const link = join(folder, `link-${round}`);
          const copy = join(folder, `copy-${round}`);
          await symlink(join(folder, 'fifo'), link);
          await rename(link, document);
          await copyFile(original, copy);
          await rename(copy, document);
        }
      })();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          callText(stdio.client, 'context.resolve', resolveArgs('swapped')),
        ),
      );
      swapping = false;
      await swapper;
      for (const answer of answers) {
        if (answer.isError) expect(answer.text).toBe(CACHE_INVALID);
        else expect(answer.text).toBe(healthyAnswer);
      }
      const listed = await callText(stdio.client, 'context.list_caches', {});
      expect(listed.isError).toBe(false);
      expect(await callText(stdio.client, 'context.resolve', resolveArgs('healthy'))).toEqual({
        text: healthyAnswer,
        isError: false,
      });
      // The swap ended on the real file: the cache answers again, with the same bytes.
      expect((await callText(stdio.client, 'context.resolve', resolveArgs('swapped'))).text).toBe(
        healthyAnswer,
      );
    },
  );

  it('answers cache_invalid to three resolves of a cache with a 2 GiB sparse document, in bounded memory', async () => {
    await truncate(await firstDocument('sparse'), 2 * 1024 ** 3);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        callText(stdio.client, 'context.resolve', resolveArgs('sparse')),
      ),
    );
    expect(answers).toEqual(
      Array.from({ length: 3 }, () => ({ text: CACHE_INVALID, isError: true })),
    );
    expect(await callText(stdio.client, 'context.resolve', resolveArgs('healthy'))).toEqual({
      text: healthyAnswer,
      isError: false,
    });
    if (process.platform === 'linux' && stdio.pid !== undefined) {
      // The peak resident memory of the server: far below the 2 GiB a read of the file takes.
      const status = await readFile(`/proc/${stdio.pid}/status`, 'utf8');
      const peakKilobytes = Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1]);
      expect(peakKilobytes).toBeGreaterThan(0);
      expect(peakKilobytes).toBeLessThan(512 * 1024);
    }
  });

  it('sees a same-size edit made between two calls, and its undo', async () => {
    const document = await firstDocument('edited');
    const original = await readFile(document, 'utf8');
    expect((await callText(stdio.client, 'context.resolve', resolveArgs('edited'))).text).toBe(
      healthyAnswer,
    );
    // One content character changed, the size kept: the identity differs in timestamps only.
    const edited = original.replace(
      /"content":"(.)/,
      (_match, first: string) => `"content":"${first === 'x' ? 'y' : 'x'}`,
    );
    expect(edited.length).toBe(original.length);
    await writeFile(document, edited);
    expect(await callText(stdio.client, 'context.resolve', resolveArgs('edited'))).toEqual({
      text: CACHE_INVALID,
      isError: true,
    });
    await writeFile(document, original);
    expect((await callText(stdio.client, 'context.resolve', resolveArgs('edited'))).text).toBe(
      healthyAnswer,
    );
  });

  it('is not stopped by the removal of a cache it has verified', async () => {
    await cp(join(root, 'healthy'), join(root, 'removed'), { recursive: true });
    expect((await callText(stdio.client, 'context.resolve', resolveArgs('removed'))).text).toBe(
      healthyAnswer,
    );
    await rm(join(root, 'removed'), { recursive: true });
    expect(await callText(stdio.client, 'context.resolve', resolveArgs('removed'))).toEqual({
      text: '{"error":{"code":"cache_missing","message":"Cache does not exist"}}\n',
      isError: true,
    });
  });
});
