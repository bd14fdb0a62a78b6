import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCache, writeCache } from '../src/build-cache.js';
import { CacheDocumentSchema } from '../src/document.js';
import { documentVersion } from '../src/hashing.js';
import { loadCache, verifyCache } from '../src/verify-cache.js';
import { createTempFolder, writeFiles } from './support/temp-folder.js';

const EPOCH = new Date(0);

async function treeBytes(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(root, { recursive: true })) {
    const path = join(root, name);
    if ((await lstat(path)).isFile()) files[name] = await readFile(path, 'utf8');
  }
  return files;
}

describe('buildCache', () => {
  it('writes manifest.json, index.json and documents/<12 hex>.json in the original format', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { 'docs/Guide.md': 'Deploy it.' });
    const result = await buildCache({
      sources: join(folder, 'docs'),
      cache: join(folder, 'cache'),
      createdAt: EPOCH,
    });
    const version = documentVersion('Deploy it.');
    const stem = version.slice(7, 19);
    expect(await treeBytes(join(folder, 'cache'))).toEqual({
      'manifest.json': [
        '{',
        `  "cache_version": "${result.cacheVersion}",`,
        '  "build_config": {',
        '    "version": "1",',
        '    "hash_algorithm": "sha256"',
        '  },',
        '  "created_at": "1970-01-01T00:00:00Z",',
        '  "document_count": 1,',
        '  "documents": [',
        '    {',
        '      "id": "guide.md",',
        `      "version": "${version}",`,
        `      "file": "documents/${stem}.json"`,
        '    }',
        '  ]',
        '}',
      ].join('\n'),
      'index.json': `{\n  "guide.md": "documents/${stem}.json"\n}`,
      [`documents/${stem}.json`]: `{"id":"guide.md","version":"${version}","source":"Guide.md","content":"Deploy it.","metadata":{}}`,
    });
  });

  it('builds a valid empty cache from an empty folder', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { 'docs/readme.txt': 'not markdown' });
    const result = await buildCache({
      sources: join(folder, 'docs'),
      cache: join(folder, 'cache'),
      createdAt: EPOCH,
    });
    expect(result.documentCount).toBe(0);
    expect(await readFile(join(folder, 'cache', 'index.json'), 'utf8')).toBe('{}');
    expect(await readFile(join(folder, 'cache', 'manifest.json'), 'utf8')).toContain(
      '"documents": []',
    );
    expect((await verifyCache(join(folder, 'cache'))).valid).toBe(true);
  });

  it('gives the same cache version twice, and the same bytes when created_at is fixed', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { 'docs/a.md': 'alpha', 'docs/sub/b.md': 'bravo', 'docs/c.md': '' });
    const sources = join(folder, 'docs');
    const first = await buildCache({ sources, cache: join(folder, 'one'), createdAt: EPOCH });
    const second = await buildCache({ sources, cache: join(folder, 'two'), createdAt: EPOCH });
    const third = await buildCache({ sources, cache: join(folder, 'three') });
    expect(second.cacheVersion).toBe(first.cacheVersion);
    expect(third.cacheVersion).toBe(first.cacheVersion);
    expect(await treeBytes(join(folder, 'two'))).toEqual(await treeBytes(join(folder, 'one')));
  });

  it('ingests only files whose extension is exactly md, hidden ones included, ids lowercased', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, {
      'docs/Upper/Guide.md': 'a',
      'docs/.hidden/note.md': 'b',
      'docs/..md': 'c',
      'docs/.md': 'no extension',
      'docs/shout.MD': 'wrong case',
      'docs/notes.txt': 'text',
    });
    const result = await buildCache({
      sources: join(folder, 'docs'),
      cache: join(folder, 'cache'),
    });
    expect(result.documents.map((entry) => entry.id)).toEqual([
      '..md',
      '.hidden/note.md',
      'upper/guide.md',
    ]);
  });

  it('reads symbolic links to files but does not enter symbolic links to folders', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, {
      'docs/a.md': 'alpha',
      'outside/b.md': 'bravo',
      'outside/c.md': 'charlie',
    });
    await symlink(join(folder, 'outside', 'b.md'), join(folder, 'docs', 'link.md'));
    await symlink(join(folder, 'outside'), join(folder, 'docs', 'folder'));
    const result = await buildCache({
      sources: join(folder, 'docs'),
      cache: join(folder, 'cache'),
    });
    expect(result.documents.map((entry) => entry.id)).toEqual(['a.md', 'link.md']);
  });

  it('keeps content byte for byte: BOM, CRLF and trailing spaces', async () => {
    const folder = await createTempFolder();
    const content = '\uFEFF# Title\r\n  trailing  \r\n';
    await writeFiles(folder, { 'docs/a.md': content });
    await buildCache({ sources: join(folder, 'docs'), cache: join(folder, 'cache') });
    const { documents } = await loadCache(join(folder, 'cache'));
    expect(documents[0]?.content).toBe(content);
    expect(documents[0]?.version).toBe(documentVersion(content));
  });

  it('selects other text files with include globs', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, {
      'docs/a.txt': 'alpha',
      'docs/deep/b.rst': 'bravo',
      'docs/c.md': 'charlie',
    });
    const result = await buildCache({
      sources: join(folder, 'docs'),
      cache: join(folder, 'cache'),
      include: ['**/*.txt', '**/*.rst'],
    });
    expect(result.documents.map((entry) => entry.id)).toEqual(['a.txt', 'deep/b.rst']);
  });

  it('refuses include patterns that leave the sources folder', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { 'docs/a.md': 'alpha', 'secret.md': 'x' });
    for (const pattern of ['../*.md', '/etc/*', 'a/../../*.md']) {
      await expect(
        buildCache({
          sources: join(folder, 'docs'),
          cache: join(folder, 'cache'),
          include: [pattern],
        }),
      ).rejects.toMatchObject({ code: 'invalid_options' });
    }
  });

  it('refuses to overwrite an existing cache unless forced, and replaces it when forced', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { 'docs/a.md': 'alpha' });
    const options = { sources: join(folder, 'docs'), cache: join(folder, 'cache') };
    const first = await buildCache(options);
    await expect(buildCache(options)).rejects.toMatchObject({ code: 'cache_exists' });
    await writeFile(join(folder, 'docs', 'a.md'), 'changed');
    const forced = await buildCache({ ...options, force: true });
    expect(forced.cacheVersion).not.toBe(first.cacheVersion);
    expect((await verifyCache(options.cache)).valid).toBe(true);
    expect(await readdir(folder)).toEqual(['cache', 'docs']);
  });

  it.each([
    {
      refusal: 'ids that collide after normalization',
      files: { 'docs/Guide.md': 'one', 'docs/guide.md': 'two' },
      error: { code: 'duplicate_document_id', data: { id: 'guide.md' } },
    },
    {
      refusal: 'a file name collision, which identical contents cause',
      files: { 'docs/a.md': 'same', 'docs/b.md': 'same' },
      error: { code: 'filename_collision' },
    },
    {
      refusal: 'content that is not UTF-8, instead of cleaning it',
      files: { 'docs/bad.md': new Uint8Array([0x61, 0xff, 0x62]) },
      error: { code: 'invalid_utf8' },
    },
  ])('fails on $refusal, leaving nothing behind', async ({ files, error }) => {
    const folder = await createTempFolder();
    await writeFiles(folder, files);
    await expect(
      buildCache({ sources: join(folder, 'docs'), cache: join(folder, 'cache') }),
    ).rejects.toMatchObject(error);
    expect(await readdir(folder)).toEqual(['docs']);
  });

  it('refuses a markdown file whose name is not UTF-8, and ignores other such files', async () => {
    const folder = await createTempFolder();
    await writeFiles(folder, { 'docs/a.md': 'alpha' });
    const badName = (suffix: string) =>
      Buffer.concat([
        Buffer.from(`${folder}/docs/`),
        Buffer.from([0x66, 0xff]),
        Buffer.from(suffix),
      ]);
    await writeFile(badName('.txt'), 'ignored');
    const result = await buildCache({ sources: join(folder, 'docs'), cache: join(folder, 'one') });
    expect(result.documents.map((entry) => entry.id)).toEqual(['a.md']);
    await writeFile(badName('.md'), 'refused');
    await expect(
      buildCache({ sources: join(folder, 'docs'), cache: join(folder, 'two') }),
    ).rejects.toMatchObject({ code: 'invalid_utf8' });
  });

  it('reports a missing sources folder and invalid options as typed errors', async () => {
    const folder = await createTempFolder();
    await expect(
      buildCache({ sources: join(folder, 'nope'), cache: join(folder, 'cache') }),
    ).rejects.toMatchObject({ code: 'source_missing' });
    await expect(buildCache({ sources: '', cache: join(folder, 'cache') })).rejects.toMatchObject({
      code: 'invalid_options',
    });
  });

  it('writeCache refuses a document whose version is not the hash of its content', async () => {
    const folder = await createTempFolder();
    const document = {
      id: 'a.md',
      version: documentVersion('other'),
      source: 'a.md',
      content: 'a',
      metadata: {},
    };
    await expect(writeCache([document], join(folder, 'cache'))).rejects.toMatchObject({
      code: 'invalid_options',
    });
  });

  it('round-trips ids and versions: what is built is what is loaded', async () => {
    const name = fc.stringMatching(/^[A-Za-z0-9 _-]{1,12}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(name, fc.string({ unit: 'grapheme' })), {
          selector: ([file]) => file.toLowerCase(),
          maxLength: 5,
        }),
        async (files) => {
          const contents = new Set(files.map(([, content]) => content));
          fc.pre(contents.size === files.length);
          const folder = await createTempFolder();
          await mkdir(join(folder, 'docs'));
          await writeFiles(
            folder,
            Object.fromEntries(files.map(([file, content]) => [`docs/${file}.md`, content])),
          );
          await buildCache({ sources: join(folder, 'docs'), cache: join(folder, 'cache') });
          const { documents } = await loadCache(join(folder, 'cache'));
          const expected = files
            .map(([file, content]) => ({
              id: `${file.toLowerCase()}.md`,
              version: documentVersion(content),
              content,
            }))
            .sort((left, right) => Buffer.compare(Buffer.from(left.id), Buffer.from(right.id)));
          expect(documents.map(({ id, version, content }) => ({ id, version, content }))).toEqual(
            expected,
          );
          for (const document of documents)
            expect(CacheDocumentSchema.parse(document)).toEqual(document);
        },
      ),
      { numRuns: 25 },
    );
  });
});
