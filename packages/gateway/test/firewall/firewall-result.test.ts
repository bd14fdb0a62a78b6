import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createMemoryArtifactStore } from '../../src/artifacts/memory-artifact-store.js';
import { applyFirewall } from '../../src/firewall/firewall.js';
import { firewallResult } from '../../src/firewall/firewall-result.js';
import { ResultEnvelopeSchema } from '../../src/firewall/result-envelope.js';

const source = { toolId: 'fs:read#0123abcd', upstreamName: 'read' };

async function answer(result: CallToolResult, maxInlineTokens = 50): Promise<CallToolResult> {
  const { envelope, inlineBlocks } = await applyFirewall(
    result,
    source,
    createMemoryArtifactStore(),
    { maxInlineTokens, summaryTokens: 20 },
  );
  return firewallResult(envelope, inlineBlocks);
}

describe('firewallResult', () => {
  it('answers a small result with the upstream blocks unchanged and the envelope as structuredContent', async () => {
    const upstream: CallToolResult = {
      content: [
        { type: 'text', text: 'line "one"\nline two' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    };
    const result = await answer(upstream);
    expect(result.content).toEqual(upstream.content);
    const envelope = ResultEnvelopeSchema.parse(result.structuredContent);
    expect(envelope).toMatchObject({ summary: 'line "one"\nline two', artifacts: [] });
    expect(envelope.provenance.firewall).toBe('inline');
    expect(result.isError).toBeUndefined();
  });

  it('keeps the text a model reads of a small result as short as the upstream wrote it', async () => {
    const text = JSON.stringify({ rows: [{ id: 1, note: 'say "hi"\n' }] });
    const result = await answer({ content: [{ type: 'text', text }] });
    const read = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    expect(read).toBe(text);
  });

  it('flags a small failing result as an error and still passes its text through', async () => {
    const result = await answer({
      content: [{ type: 'text', text: 'no such file' }],
      isError: true,
    });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'no such file' }],
      structuredContent: { status: 'error', summary: 'no such file' },
    });
  });

  it('answers a stored result with the envelope as JSON text, then its links', async () => {
    const link = { type: 'resource_link' as const, uri: 'file:///a', name: 'a' };
    const text = Array.from({ length: 300 }, (_, index) => `line ${index + 1}`).join('\n');
    const result = await answer({ content: [{ type: 'text', text }, link] });
    const envelope = ResultEnvelopeSchema.parse(result.structuredContent);
    expect(envelope.provenance.firewall).toBe('artifact');
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(envelope) }, link]);
  });
});
