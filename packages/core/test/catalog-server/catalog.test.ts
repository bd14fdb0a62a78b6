import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalog, parseCatalog } from '../../src/catalog-server/index.js';
import { CoreError } from '../../src/errors.js';
import { readRawCatalog, SERVERS_CATALOG, TOOLS_CATALOG } from './fixtures.js';

async function catalogError(run: () => Promise<unknown> | unknown): Promise<CoreError> {
  try {
    await run();
  } catch (error) {
    if (CoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a CoreError');
}

describe('loadCatalog', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'catalog-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  async function writeCatalog(content: string): Promise<string> {
    const path = join(directory, 'catalog.json');
    await writeFile(path, content);
    return path;
  }

  it('loads a many-server catalog with every schema untouched, key order included', async () => {
    const catalog = await loadCatalog(SERVERS_CATALOG);
    const raw = readRawCatalog(SERVERS_CATALOG);
    expect(catalog).toHaveLength(77);
    catalog.forEach((entry, index) => {
      expect(JSON.stringify(entry.inputSchema)).toBe(JSON.stringify(raw[index]?.inputSchema));
    });
    expect(catalog[0]).toMatchObject({ server: 'web-search', id: 'web-search/web_search' });
  });

  it('loads all 4,076 entries of a large catalog', async () => {
    const catalog = await loadCatalog(TOOLS_CATALOG);
    expect(catalog).toHaveLength(4076);
    expect(new Set(catalog.map((entry) => entry.name)).size).toBe(4076);
  });

  it('names the file when it cannot be read', async () => {
    const path = join(directory, 'missing.json');
    const error = await catalogError(() => loadCatalog(path));
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe(`cannot read catalog file ${path}: ENOENT`);
  });

  it('names the file when it is not JSON', async () => {
    const path = await writeCatalog('[{"name": "a",');
    const error = await catalogError(() => loadCatalog(path));
    expect(error.message).toMatch(new RegExp(`^catalog file ${path} is not valid JSON: `));
  });

  it('rejects a file whose top level is not an array', async () => {
    const path = await writeCatalog('{"tools": []}');
    const error = await catalogError(() => loadCatalog(path));
    expect(error.message).toMatch(/^catalog file .*catalog\.json: the top level: /);
  });

  it('names the entry index, its name and the field of the first problem', async () => {
    const path = await writeCatalog(
      JSON.stringify([
        { name: 'fine', inputSchema: { type: 'object' } },
        { name: 'listy', inputSchema: { type: 'array' } },
      ]),
    );
    const error = await catalogError(() => loadCatalog(path));
    expect(error.message).toMatch(/catalog\.json: entry 1 \("listy"\) field inputSchema\.type: /);
  });

  it('reports every bad field in data.issues', async () => {
    const error = await catalogError(() =>
      parseCatalog(
        [
          { description: 'no name', inputSchema: { type: 'object' } },
          { name: 'bad-properties', inputSchema: { type: 'object', properties: { q: 'string' } } },
          { name: 'bad-required', inputSchema: { type: 'object', required: [1] } },
          { name: '', inputSchema: null },
          'not an object',
        ],
        'fixture',
      ),
    );
    const issues = (error.data?.issues ?? []) as Array<{ where: string }>;
    expect(issues.map((issue) => issue.where)).toEqual([
      'entry 0 field name',
      'entry 1 ("bad-properties") field inputSchema.properties.q',
      'entry 2 ("bad-required") field inputSchema.required.0',
      'entry 3 ("") field name',
      'entry 3 ("") field inputSchema',
      'entry 4',
    ]);
    expect(error.message).toMatch(/^fixture: entry 0 field name: .* \(and 5 more\)$/);
  });

  it('accepts entries without description or server', () => {
    const catalog = parseCatalog([{ name: 'bare', inputSchema: { type: 'object' } }]);
    expect(catalog).toEqual([{ name: 'bare', inputSchema: { type: 'object' } }]);
  });
});
