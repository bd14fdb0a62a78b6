import { readFile } from 'node:fs/promises';
import { createTestPair } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { systemPromptGuidance } from '../src/index.js';
import { readDescriptions, resultText } from './helpers.js';
import { factory } from './quickstart.examples.js';

const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('shows the quickstart exactly as compiled, and the quickstart works', async () => {
    const source = await readFile(new URL('./quickstart.examples.ts', import.meta.url), 'utf8');
    const region = /\/\/ #region quickstart\n([\s\S]*?)\/\/ #endregion/.exec(source)?.[1] ?? '';
    expect(region.length).toBeGreaterThan(0);
    expect(readme).toContain(region);
    const server = await factory({
      sessionId: undefined,
      role: undefined,
      transport: 'stdio',
      era: 'legacy',
      scope: 'stdio:test',
    });
    await using pair = await createTestPair(server);
    await readDescriptions(pair.client, ['get_forecast']);
    const result = await pair.client.callTool({
      name: 'get_forecast',
      arguments: { city: 'Oslo' },
    });
    expect(resultText(result)).toBe('Oslo: sunny, 21 °C');
  });

  it('shows the system prompt guidance exactly as systemPromptGuidance() returns it', () => {
    expect(readme).toContain(`\`\`\`text\n${systemPromptGuidance()}\n\`\`\``);
  });
});
