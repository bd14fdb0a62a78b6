import { createMemorySessionStore } from '@x/core/sessions';
import { createTestPair } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { createProgressiveDisclosure } from '../src/index.js';
import { createNotesServer, readDescriptions, resultText } from './helpers.js';

describe('a store shared by several instances', () => {
  it('keeps grants when a server closes with forgetOnClose off, until forgetSession', async () => {
    const store = createMemorySessionStore();
    const first = createProgressiveDisclosure({ store, forgetOnClose: false });
    const pair = await createTestPair(first.wrap(createNotesServer(), { sessionId: 'shared-1' }));
    await readDescriptions(pair.client, ['list_notes']);
    await pair.close();
    // Another instance (another layer on the same store) serves the same session afterwards.
    const second = createProgressiveDisclosure({ store, forgetOnClose: false });
    await using next = await createTestPair(
      second.wrap(createNotesServer(), { sessionId: 'shared-1' }),
    );
    expect(resultText(await next.client.callTool({ name: 'list_notes' }))).not.toContain(
      'TOOL_DESCRIPTION_REQUIRED',
    );
    await second.forgetSession('shared-1');
    expect(resultText(await next.client.callTool({ name: 'list_notes' }))).toContain(
      'TOOL_DESCRIPTION_REQUIRED',
    );
  });

  it('refuses a forgetOnClose that is not a boolean', () => {
    expect(() => createProgressiveDisclosure({ forgetOnClose: 'no' as never })).toThrow(
      /forgetOnClose/,
    );
  });
});
