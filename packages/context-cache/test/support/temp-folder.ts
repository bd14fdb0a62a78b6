import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

const created: string[] = [];

afterEach(async () => {
  await Promise.all(created.splice(0).map((path) => rm(path, { recursive: true, force: true })));
});

/** A fresh temporary folder (its real path), removed after the current test. */
export async function createTempFolder(): Promise<string> {
  const path = await realpath(await mkdtemp(join(tmpdir(), 'context-cache-test-')));
  created.push(path);
  return path;
}

/** Writes files (relative path to content) below `root`, creating parent folders. */
export async function writeFiles(
  root: string,
  files: Readonly<Record<string, string | Uint8Array>>,
): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const target = join(root, relative);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}
