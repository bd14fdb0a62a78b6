/**
 * Lays out the fixture cache root on disk, building the caches with a real `build` command.
 *
 * @module
 */

import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  BROKEN_MANIFEST_CACHE,
  ESCAPING_LINK,
  FIXTURE_CACHE,
  FIXTURE_SOURCES,
  INNER_LINK,
  MANIFEST_FOLDER_CACHE,
  NESTED_CACHE,
  NO_MANIFEST_CACHE,
  ORDERING_CACHES,
  OUTSIDE_CACHE,
  ROOT_FILE,
  TAMPERED_CACHE,
  UNREADABLE_CACHE,
  UNREADABLE_FILE,
} from './fixture.js';

const run = promisify(execFile);

/** A command that builds a cache: run as `command ...args build --sources DIR --cache DIR`. */
export interface CacheBuilder {
  /** The executable (`node`, say). */
  readonly command: string;
  /** Arguments before `build` (the script of a CLI run by `node`, say). */
  readonly args: readonly string[];
}

/** Where {@link prepareFixtureRoot} put things. */
export interface FixtureRoot {
  /** The cache root to serve (`--root`). */
  readonly root: string;
}

async function writeSources(folder: string): Promise<void> {
  for (const [path, content] of Object.entries(FIXTURE_SOURCES)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), content);
  }
}

/** Changes one character of one document's content, keeping the file valid JSON. */
async function tamper(cache: string): Promise<void> {
  const documents = join(cache, 'documents');
  const [first] = (await readdir(documents)).sort();
  if (first === undefined) throw new Error('the fixture cache has no document to tamper with');
  const file = join(documents, first);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('"content":"', '"content":"tampered '));
}

/**
 * Creates, inside `base` (an empty folder the caller owns and removes): the sources of
 * {@link FIXTURE_SOURCES}, the fixture cache built by `builder` into `base/root`, a tampered copy,
 * a copy with an unreadable file,
 * the folders and links the list and traversal checks look at, and a valid cache at
 * `base/outside` next to the root. Caches are copied after one build: a cache is portable.
 *
 * @throws Error when the build command fails (its stderr is in the message)
 */
export async function prepareFixtureRoot(
  base: string,
  builder: CacheBuilder,
): Promise<FixtureRoot> {
  const root = join(base, 'root');
  const sources = join(base, 'sources');
  await writeSources(sources);
  await mkdir(root);
  const fixture = join(root, FIXTURE_CACHE);
  try {
    await run(builder.command, [
      ...builder.args,
      'build',
      '--sources',
      sources,
      '--cache',
      fixture,
    ]);
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`building the fixture cache failed: ${stderr || String(error)}`);
  }
  await cp(fixture, join(root, TAMPERED_CACHE), { recursive: true });
  await tamper(join(root, TAMPERED_CACHE));
  await cp(fixture, join(base, OUTSIDE_CACHE), { recursive: true });
  await cp(fixture, join(root, UNREADABLE_CACHE), { recursive: true });
  const unreadable = join(root, UNREADABLE_CACHE, UNREADABLE_FILE.name);
  await writeFile(unreadable, 'x'.repeat(UNREADABLE_FILE.bytes));
  await chmod(unreadable, 0o000);
  await mkdir(join(root, BROKEN_MANIFEST_CACHE));
  await writeFile(join(root, BROKEN_MANIFEST_CACHE, 'manifest.json'), '{"cache_version": ');
  await mkdir(join(root, NO_MANIFEST_CACHE));
  await mkdir(join(root, MANIFEST_FOLDER_CACHE, 'manifest.json'), { recursive: true });
  await mkdir(join(root, NESTED_CACHE, 'inner'), { recursive: true });
  for (const name of ORDERING_CACHES) await mkdir(join(root, name));
  await writeFile(join(root, ROOT_FILE), 'not a cache\n');
  await symlink(fixture, join(root, INNER_LINK), 'dir');
  await symlink(join(base, OUTSIDE_CACHE), join(root, ESCAPING_LINK), 'dir');
  return { root };
}
