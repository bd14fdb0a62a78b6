import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPair } from '@x/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkDescriptions,
  createDescriptionMap,
  type DescriptionFolder,
  loadDescriptionFolder,
  ProgressiveDisclosureError,
  withProgressiveDisclosure,
} from '../src/index.js';
import { createNotesServer, readDescriptions } from './helpers.js';

let folder: string;
const opened: DescriptionFolder[] = [];

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'pd-descriptions-'));
});

afterEach(async () => {
  for (const entry of opened.splice(0)) entry.close();
  await rm(folder, { recursive: true, force: true });
});

async function write(name: string, value: unknown): Promise<void> {
  await writeFile(join(folder, name), typeof value === 'string' ? value : JSON.stringify(value));
}

async function load(options: Parameters<typeof loadDescriptionFolder>[1] = {}) {
  const loaded = await loadDescriptionFolder(folder, options);
  opened.push(loaded);
  return loaded;
}

async function loadError(): Promise<unknown> {
  return load().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('description folder (§7.1)', () => {
  it('loads one override per <tool>.json and ignores other files', async () => {
    await write('read_note.json', {
      description: 'Full text.',
      examples: [{ input: { id: 'n1' } }],
    });
    await write('notes.txt', 'not a description');
    const descriptions = await load();
    expect(descriptions.toolNames()).toEqual(['read_note']);
    await using pair = await createTestPair(
      withProgressiveDisclosure(createNotesServer(), { descriptions }),
    );
    expect(await readDescriptions(pair.client, ['read_note'])).toMatchObject({
      read_note: { description: 'Full text.', examples: [{ input: { id: 'n1' } }] },
    });
  });

  it('refuses a bad file, naming the file and the field', async () => {
    await write('read_note.json', { examples: [{ input: 'n1' }] });
    const error = await loadError();
    expect(ProgressiveDisclosureError.isInstance(error) && error.code).toBe('DESCRIPTIONS_INVALID');
    expect(String((error as Error).message)).toMatch(/read_note\.json: examples\.0\.input/);
  });

  it('refuses an input schema in a file, a name that does not match and invalid JSON', async () => {
    await write('a.json', { inputSchema: { type: 'object' } });
    expect(String(await loadError())).toMatch(/inputSchema/);
    await rm(join(folder, 'a.json'));
    await write('b.json', { name: 'c' });
    expect(String(await loadError())).toMatch(/does not match the tool "b"/);
    await rm(join(folder, 'b.json'));
    await write('d.json', '{ nope');
    expect(String(await loadError())).toMatch(/d\.json/);
  });

  it('refuses a folder that does not exist', async () => {
    await expect(loadDescriptionFolder(join(folder, 'missing'))).rejects.toThrow(/cannot be read/);
  });

  it('reloads on change when watching, and keeps the last good content after a bad edit', async () => {
    await write('read_note.json', { description: 'Version one.' });
    const reloads: string[][] = [];
    const errors: unknown[] = [];
    const descriptions = await load({
      watch: true,
      debounceMs: 20,
      onReload: (names) => reloads.push(names),
      onError: (error) => errors.push(error),
    });
    await write('read_note.json', { description: 'Version two.' });
    await expect.poll(() => descriptions.get('read_note')?.description).toBe('Version two.');
    await write('read_note.json', '{ broken');
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    expect(descriptions.get('read_note')?.description).toBe('Version two.');
    expect(reloads.length).toBeGreaterThan(0);
  });

  it('does not reload without watch', async () => {
    await write('read_note.json', { description: 'Version one.' });
    const descriptions = await load();
    await write('read_note.json', { description: 'Version two.' });
    expect(descriptions.get('read_note')?.description).toBe('Version one.');
    await descriptions.reload();
    expect(descriptions.get('read_note')?.description).toBe('Version two.');
  });
});

describe('checkDescriptions', () => {
  it('reports examples that are not valid calls and overrides of no tool', async () => {
    const tools = [
      {
        name: 'read_note',
        inputSchema: {
          type: 'object' as const,
          properties: { id: { type: 'string', format: 'uuid' } },
          required: ['id'],
        },
      },
    ];
    const source = createDescriptionMap({
      read_note: {
        examples: [
          { input: { id: '6f1c2b8e-3a8f-4e7c-9d5b-2f0a1b3c4d5e' } },
          { input: { id: 'n1' } },
          { input: {} },
        ],
      },
      ghost: { description: 'Nothing.' },
    });
    expect(await checkDescriptions(tools, source, ['ghost', 'read_note'])).toEqual([
      { tool: 'ghost', message: 'describes no tool of the server' },
      { tool: 'read_note', message: 'example 2 is not a valid call: /id must match format "uuid"' },
      {
        tool: 'read_note',
        message: "example 3 is not a valid call: / must have required property 'id'",
      },
    ]);
  });

  it('refuses an invalid override given in code', () => {
    expect(() => createDescriptionMap({ a: { summary: '' } })).toThrow(
      /description of "a": summary/,
    );
  });
});
