import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { createMemoryArtifactStore } from '../../src/artifacts/memory-artifact-store.js';
import { GatewayError } from '../../src/errors.js';
import { applyFirewall } from '../../src/firewall/firewall.js';
import { ResultEnvelopeSchema } from '../../src/firewall/result-envelope.js';
import { withoutHandles } from '../handles.js';

const source = { toolId: 'fs:read#0123abcd', upstreamName: 'read' };

function run(result: CallToolResult, maxInlineTokens = 50) {
  const store = createMemoryArtifactStore();
  return applyFirewall(result, source, store, { maxInlineTokens, summaryTokens: 20 }).then(
    (outcome) => ({ ...outcome, store }),
  );
}

describe('applyFirewall', () => {
  it('keeps a small result inline: its text in the summary, every block passed through', async () => {
    const image = { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    const { envelope, inlineBlocks } = await run({
      content: [{ type: 'text', text: 'done' }, image],
    });
    expect(ResultEnvelopeSchema.parse(envelope)).toEqual({
      status: 'ok',
      summary: 'done',
      facts: { format: 'text' },
      artifacts: [],
      views: [],
      provenance: { tool_id: source.toolId, upstream_name: 'read', firewall: 'inline', bytes: 16 },
    });
    expect(inlineBlocks).toEqual([{ type: 'text', text: 'done' }, image]);
  });

  it('passes a small structured-only result through as one JSON text block', async () => {
    const structuredContent = { temperature: 21.5, unit: 'C' };
    const { envelope, inlineBlocks } = await run({ content: [], structuredContent });
    const text = JSON.stringify(structuredContent, null, 2);
    expect(envelope).toMatchObject({ summary: text, facts: { format: 'json' } });
    expect(inlineBlocks).toEqual([{ type: 'text', text }]);
  });

  it('marks a tool-level failure as an error envelope', async () => {
    const { envelope } = await run({
      content: [{ type: 'text', text: 'no such file' }],
      isError: true,
    });
    expect(envelope.status).toBe('error');
  });

  it('stores a large text result and summarizes its head at a line end', async () => {
    const text = Array.from({ length: 300 }, (_, index) => `line ${index + 1}`).join('\n');
    const { envelope, inlineBlocks, store } = await run({ content: [{ type: 'text', text }] });
    expect(envelope.provenance.firewall).toBe('artifact');
    expect(envelope.summary).toMatch(/^line 1\nline 2\n.*…$/s);
    expect(envelope.summary.length).toBeLessThan(200);
    const [ref] = envelope.artifacts;
    expect(ref).toMatchObject({ media_type: 'text/plain', lines: 300, truncated: false });
    expect(envelope.facts).toEqual({ format: 'text', bytes: text.length, lines: 300 });
    const seen = envelope.summary.split('\n').length;
    expect(envelope.views.map((view) => view.selector)).toEqual([
      `lines:${seen}-${seen + 99}`,
      'grep:PATTERN',
    ]);
    expect((await store.get(ref?.handle as string))?.text).toBe(text);
    expect(inlineBlocks).toEqual([]);
  });

  it('describes a large JSON array and suggests rows', async () => {
    const items = Array.from({ length: 100 }, (_, index) => ({ id: index, title: `t${index}` }));
    const { envelope } = await run({ content: [{ type: 'text', text: JSON.stringify(items) }] });
    expect(envelope.facts).toMatchObject({
      format: 'json',
      json_type: 'array',
      items: 100,
      item_keys: 'id, title',
    });
    expect(envelope.views.map((view) => view.selector)).toEqual(['rows:0-9', 'json_keys:$[0]']);
  });

  it('stores structuredContent when there is no text, and suggests the array inside', async () => {
    const structuredContent = { results: Array.from({ length: 80 }, (_, index) => ({ index })) };
    const { envelope } = await run({ content: [], structuredContent });
    expect(envelope.artifacts[0]?.media_type).toBe('application/json');
    expect(envelope.views.map((view) => view.selector)).toEqual([
      'json_keys',
      'rows:0-9:$.results',
    ]);
  });

  it('stores every part of a large mixed result and keeps links inline', async () => {
    const link = { type: 'resource_link' as const, uri: 'file:///a', name: 'a' };
    const { envelope, inlineBlocks } = await run({
      content: [
        { type: 'text', text: 'caption' },
        { type: 'image', data: 'A'.repeat(4_000), mimeType: 'image/png' },
        {
          type: 'resource',
          resource: { uri: 'file:///b', text: 'body', mimeType: 'text/markdown' },
        },
        link,
      ],
    });
    expect(envelope.artifacts.map((artifact) => artifact.media_type)).toEqual([
      'text/plain',
      'image/png',
      'text/markdown',
    ]);
    expect(envelope.facts).toMatchObject({ parts: 3 });
    expect(inlineBlocks).toEqual([link]);
  });

  it('gives the same envelope for the same result, but for the random handles', async () => {
    const result: CallToolResult = { content: [{ type: 'text', text: 'x '.repeat(500) }] };
    const first = (await run(result)).envelope;
    const second = (await run(result)).envelope;
    expect(withoutHandles(second)).toBe(withoutHandles(first));
    expect(second.artifacts[0]?.handle).not.toBe(first.artifacts[0]?.handle);
  });

  it('refuses thresholds that are not positive integers', async () => {
    const store = createMemoryArtifactStore();
    await expect(
      applyFirewall({ content: [] }, source, store, { maxInlineTokens: 0 }),
    ).rejects.toSatisfy((error) => GatewayError.isInstance(error) && error.code === 'ARGS_INVALID');
  });
});
