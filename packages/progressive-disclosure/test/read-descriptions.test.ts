import { createTestPair } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { withProgressiveDisclosure } from '../src/index.js';
import { availableToolNames } from '../src/read-descriptions.js';
import { createNotesServer, readDescriptions } from './helpers.js';

describe('available_tools of an unknown name (§6.3)', () => {
  it('lists every name in list order when they fit', () => {
    expect(availableToolNames('x', ['b', 'a'], 5)).toEqual(['b', 'a']);
  });

  it('lists the nearest names by edit distance, ties in list order, when there are more', () => {
    expect(
      availableToolNames('read_nite', ['write_note', 'read_note', 'list_notes', 'read_notes'], 2),
    ).toEqual(['read_note', 'read_notes']);
    expect(availableToolNames('ab', ['ax', 'xb', 'zz'], 2)).toEqual(['ax', 'xb']);
    expect(availableToolNames('ab', ['ax', 'xb'], 0)).toEqual([]);
  });

  it('bounds available_tools by maxAvailableTools', async () => {
    const server = withProgressiveDisclosure(createNotesServer(), { maxAvailableTools: 1 });
    await using pair = await createTestPair(server);
    expect(await readDescriptions(pair.client, ['list_note'])).toEqual({
      list_note: { error: "Tool 'list_note' not found", available_tools: ['list_notes'] },
    });
  });
});
