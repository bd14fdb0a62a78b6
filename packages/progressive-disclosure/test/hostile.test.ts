import { createTestPair } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { TOOL_DESCRIPTIONS_URI, withProgressiveDisclosure } from '../src/index.js';
import { createNotesServer, readJson } from './helpers.js';

async function read(uri: string) {
  await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
  return readJson(await pair.client.readResource({ uri }));
}

describe('hostile reads of tool_descriptions', () => {
  it('answers ?tools= with only empty names as a missing selection', async () => {
    for (const query of ['?tools=', '?tools=,', '?tools=,,,', '?tools=%20']) {
      expect(await read(`${TOOL_DESCRIPTIONS_URI}${query}`)).toMatchObject({
        error: { code: 'MISSING_TOOL_SELECTION' },
      });
    }
  });

  it('ignores empty names around real ones', async () => {
    const body = await read(`${TOOL_DESCRIPTIONS_URI}?tools=,,read_note,,`);
    expect(Object.keys(body)).toEqual(['read_note']);
  });

  it('refuses thousands of names with a clear limit, and accepts the same name repeated', async () => {
    const names = Array.from({ length: 5_000 }, (_, index) => `tool_${index}`).join(',');
    expect(await read(`${TOOL_DESCRIPTIONS_URI}?tools=${names}`)).toEqual({
      error: {
        code: 'INVALID_TOOL_SELECTION',
        message:
          'A read may name at most 100 tools; this one named 5000. Read them in several smaller groups.',
        max_tools: 100,
      },
    });
    const repeated = Array.from({ length: 5_000 }, () => 'list_notes').join(',');
    expect(Object.keys(await read(`${TOOL_DESCRIPTIONS_URI}?tools=${repeated}`))).toEqual([
      'list_notes',
    ]);
  });

  it('refuses a name longer than any tool name', async () => {
    expect(await read(`${TOOL_DESCRIPTIONS_URI}?tools=${'a'.repeat(100_000)}`)).toMatchObject({
      error: { code: 'INVALID_TOOL_SELECTION', max_name_length: 128 },
    });
  });

  it('treats URL tricks as names of no tool, never as paths or extra selections', async () => {
    const body = await read(
      `${TOOL_DESCRIPTIONS_URI}?tools=..%2F..%2Fetc%2Fpasswd,..,read_note%23x,list_notes%26tools%3Dwrite_note,__proto__`,
    );
    expect(Object.keys(body)).toEqual([
      '../../etc/passwd',
      '..',
      'read_note#x',
      'list_notes&tools=write_note',
      '__proto__',
    ]);
    for (const entry of Object.values(body)) {
      expect(entry).toMatchObject({ error: expect.stringMatching(/^Tool '.*' not found$/) });
    }
  });

  it('reads the selection before a fragment and merges a second tools parameter', async () => {
    const body = await read(
      `${TOOL_DESCRIPTIONS_URI}?tools=read_note&tools=list_notes#&tools=write_note`,
    );
    expect(Object.keys(body)).toEqual(['read_note', 'list_notes']);
  });

  it('ignores extra parameters and answers as without them', async () => {
    const plain = await read(`${TOOL_DESCRIPTIONS_URI}?tools=read_note`);
    expect(await read(`${TOOL_DESCRIPTIONS_URI}?v=2&tools=read_note&format=xml&tools`)).toEqual(
      plain,
    );
  });

  it('splits on an encoded comma too, as clients that encode the whole value send it', async () => {
    const body = await read(`${TOOL_DESCRIPTIONS_URI}?tools=read_note%2Clist_notes`);
    expect(Object.keys(body)).toEqual(['read_note', 'list_notes']);
  });

  it('answers an empty query, a bare fragment and a flood of separators as a missing selection', async () => {
    for (const suffix of ['?', '#tools=read_note', '?tools', `?tools=${','.repeat(200_000)}`]) {
      expect(await read(`${TOOL_DESCRIPTIONS_URI}${suffix}`)).toMatchObject({
        error: { code: 'MISSING_TOOL_SELECTION' },
      });
    }
  });

  it('answers control characters and a lone percent sign as unknown names', async () => {
    const body = await read(`${TOOL_DESCRIPTIONS_URI}?tools=%00,read_note%,%E2%80%AEeton_daer`);
    expect(Object.keys(body)).toEqual(['\u0000', 'read_note%', '\u202eeton_daer']);
    for (const entry of Object.values(body)) {
      expect(entry).toMatchObject({ error: expect.stringMatching(/not found$/) });
    }
  });

  it('answers a malformed escape as an unknown name', async () => {
    const body = await read(`${TOOL_DESCRIPTIONS_URI}?tools=%E0%A4%A,%zz`);
    expect(Object.values(body)).toHaveLength(2);
  });

  it('answers a URI that only looks like the resource with resource-not-found', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    await expect(
      pair.client.readResource({ uri: 'resource:///tool_descriptions/../x?tools=read_note' }),
    ).rejects.toThrow(/not found/);
    await expect(pair.client.readResource({ uri: 'not a uri at all' })).rejects.toThrow();
    expect((await pair.client.listTools()).tools).toHaveLength(3);
  });

  it('does not grant a tool named in a trick and keeps serving afterwards', async () => {
    await using pair = await createTestPair(withProgressiveDisclosure(createNotesServer()));
    await pair.client.readResource({
      uri: `${TOOL_DESCRIPTIONS_URI}?tools=LIST_NOTES,list_notes%00,list_notes%20x,list_note`,
    });
    const result = await pair.client.callTool({ name: 'list_notes' });
    expect(JSON.stringify(result.content)).toContain('TOOL_DESCRIPTION_REQUIRED');
  });
});
