/**
 * Finding the source files of a build and reading them as documents.
 *
 * @module
 */

import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { glob } from 'tinyglobby';
import { type CacheDocument, isWellFormedText } from './document.js';
import { normalizeDocumentId } from './document-id.js';
import { ContextCacheError } from './errors.js';
import { documentVersion } from './hashing.js';
import { decodeUtf8Strict } from './read-json.js';

/** A file found under the sources root. */
interface SourceFile {
  /** The path relative to the root, `/`-separated. */
  readonly relativePath: string;
  /** The path to read. */
  readonly path: string | Buffer;
}

/**
 * The extension of a file name as Rust's `Path::extension` sees it: the text after the last
 * dot, unless that dot starts the name (`.md` has none, `a.md` and `..md` have `md`).
 */
function extensionOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? undefined : fileName.slice(dot + 1);
}

function invalidPath(relativeDirectory: string | undefined): ContextCacheError {
  return new ContextCacheError({
    code: 'invalid_utf8',
    message: `A source path under "${relativeDirectory ?? '?'}" is not valid UTF-8`,
  });
}

/**
 * The default walk, the original CLI's: every file below the root, hidden ones included,
 * whose extension is exactly `md` (case-sensitive). Symbolic links to files are read;
 * symbolic links to folders are not entered. Paths are handled as bytes, so a name that is
 * not UTF-8 is reported (when it would become part of a document id) instead of being
 * silently mangled. `relativeDirectory` is undefined below a folder whose name is not UTF-8.
 */
async function walkMarkdown(
  directory: Buffer,
  relativeDirectory: string | undefined,
): Promise<SourceFile[]> {
  const entries: Dirent<Buffer>[] = await readdir(directory, {
    withFileTypes: true,
    encoding: 'buffer',
  });
  const found: SourceFile[] = [];
  for (const entry of entries) {
    const path = Buffer.concat([directory, Buffer.from('/'), entry.name]);
    const name = decodeUtf8Strict(entry.name);
    const relativePath =
      name === undefined || relativeDirectory === undefined
        ? undefined
        : relativeDirectory === ''
          ? name
          : `${relativeDirectory}/${name}`;
    if (entry.isDirectory()) {
      found.push(...(await walkMarkdown(path, relativePath)));
      continue;
    }
    if (extensionOf(entry.name.toString('latin1')) !== 'md') continue;
    const isFile =
      entry.isFile() || (entry.isSymbolicLink() && (await isRegularFileFollowingLinks(path)));
    if (!isFile) continue;
    if (relativePath === undefined) throw invalidPath(relativeDirectory);
    found.push({ relativePath, path });
  }
  return found;
}

async function isRegularFileFollowingLinks(path: string | Buffer): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function checkPattern(pattern: string): void {
  const segments = pattern.split(/[\\/]/);
  if (isAbsolute(pattern) || segments.includes('..')) {
    throw new ContextCacheError({
      code: 'invalid_options',
      message: `Include pattern "${pattern}" reaches outside the sources folder`,
    });
  }
}

/** Glob mode: standard glob semantics (dotfiles only when a pattern names them); symbolic links are neither followed nor included. */
async function globFiles(root: string, include: readonly string[]): Promise<SourceFile[]> {
  for (const pattern of include) checkPattern(pattern);
  const matches = await glob([...include], {
    cwd: root,
    onlyFiles: true,
    followSymbolicLinks: false,
    expandDirectories: false,
  });
  const found: SourceFile[] = [];
  for (const relativePath of matches) {
    if (relativePath.startsWith('../') || isAbsolute(relativePath)) continue;
    if (!(await isRegularFileFollowingLinks(join(root, relativePath)))) continue;
    found.push({ relativePath, path: join(root, relativePath) });
  }
  return found;
}

/**
 * Reads one source as a document: strict UTF-8 content, version from its bytes, id from its
 * normalized path, the relative path as `source`, empty metadata (v0 extracts none).
 *
 * @see document_model.md §Identity, §Versioning, §Metadata
 */
async function readSource(file: SourceFile): Promise<CacheDocument> {
  const bytes = await readFile(file.path);
  const content = decodeUtf8Strict(bytes);
  if (content === undefined || !isWellFormedText(file.relativePath)) {
    throw new ContextCacheError({
      code: 'invalid_utf8',
      message: `Source "${file.relativePath}" is not valid UTF-8`,
      data: { source: file.relativePath },
    });
  }
  return {
    id: normalizeDocumentId(file.relativePath),
    version: documentVersion(content),
    source: file.relativePath,
    content,
    metadata: {},
  };
}

/**
 * Reads every source document under `root`: the original's walk (`*.md`) by default, or the
 * files matching `include` glob patterns (relative to `root`; none may leave it).
 *
 * @see context_cache.md §Build ("Reads all `.md` files from sources")
 */
export async function readSourceDocuments(
  root: string,
  include: readonly string[] | undefined,
): Promise<CacheDocument[]> {
  const files =
    include === undefined
      ? await walkMarkdown(Buffer.from(root), '')
      : await globFiles(root, include);
  const documents: CacheDocument[] = [];
  for (const file of files) documents.push(await readSource(file));
  return documents;
}
