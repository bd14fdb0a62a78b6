import { describe, expect, it } from 'vitest';
import { createMemoryArtifactStore } from '../../../src/artifacts/memory-artifact-store.js';
import { DEFAULT_VIEW_LIMITS, viewArtifact } from '../../../src/firewall/view/artifact-view.js';
import { thrownFailure } from '../../gateway-failures.js';

const store = createMemoryArtifactStore();
const log = await store.put({
  text: Array.from(
    { length: 1_000 },
    (_, index) => `${index % 7 === 0 ? 'ERROR' : 'info'} event ${index + 1}`,
  ).join('\n'),
  mediaType: 'text/plain',
});
const rows = Array.from({ length: 120 }, (_, index) => ({ id: index, name: `user ${index}` }));
const json = await store.put({
  text: JSON.stringify({ total: 120, items: rows, meta: { page: 1 } }),
  mediaType: 'application/json',
});

describe('viewArtifact on deeply nested JSON', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('refuses a value nested deeper than maxDepth with VIEW_FAILED instead of overflowing the stack', async () => {
    const deep = await store.put({ text: `[${nested(8_000)}]`, mediaType: 'application/json' });
    for (const selector of ['$', '$[0]', 'rows:0-0']) {
      expect(thrownFailure(() => viewArtifact(deep, selector))).toMatchObject({
        code: 'VIEW_FAILED',
        reason: 'too deep',
        maxDepth: 100,
      });
    }
    expect(() => viewArtifact(deep, '$')).toThrow(
      "the value at $ nests deeper than 100 levels (the view's maxDepth)",
    );
    expect(JSON.parse(viewArtifact(deep, 'json_keys').text)).toEqual({ type: 'array', length: 1 });
  });

  it('renders a value at maxDepth, and takes the bound from the limits', async () => {
    const atLimit = await store.put({ text: nested(100), mediaType: 'application/json' });
    expect(viewArtifact(atLimit, '$').truncated).toBe(true);
    const limits = { ...DEFAULT_VIEW_LIMITS, maxDepth: 3 };
    const small = await store.put({ text: nested(4), mediaType: 'application/json' });
    expect(thrownFailure(() => viewArtifact(small, '$', limits))).toMatchObject({ maxDepth: 3 });
    expect(JSON.parse(viewArtifact(small, '$.a', limits).text)).toEqual({ a: { a: { a: 1 } } });
  });
});

describe('viewArtifact', () => {
  it('shows the head and points to the next lines', () => {
    const view = viewArtifact(log, 'head:3');
    expect(view).toEqual({
      handle: log.handle,
      selector: 'head:3',
      text: 'ERROR event 1\ninfo event 2\ninfo event 3',
      total: 1_000,
      unit: 'lines',
      truncated: false,
      next: 'lines:4-6',
    });
    expect(viewArtifact(log, 'head').text.split('\n')).toHaveLength(40);
  });

  it('shows a line range, bounded by the span and the end', () => {
    expect(viewArtifact(log, 'lines:999-2000')).toMatchObject({
      text: 'info event 999\ninfo event 1000',
      truncated: false,
    });
    const wide = viewArtifact(log, 'lines:1-1000', { ...DEFAULT_VIEW_LIMITS, maxSpan: 10 });
    expect(wide).toMatchObject({ truncated: true, next: 'lines:11-20' });
    expect(thrownFailure(() => viewArtifact(log, 'lines:1001-1002'))).toMatchObject({
      code: 'VIEW_FAILED',
      lines: 1_000,
    });
  });

  it('cuts long views at a line end and continues from there', () => {
    const view = viewArtifact(log, 'lines:1-500', { ...DEFAULT_VIEW_LIMITS, maxChars: 100 });
    expect(view.text.length).toBeLessThanOrEqual(100);
    expect(view.text.endsWith('\n')).toBe(false);
    const shown = view.text.split('\n').length;
    expect(view).toMatchObject({ truncated: true, next: `lines:${shown + 1}-${shown + 500}` });
  });

  it('greps with RE2, listing a bounded number of matching lines and counting them all', () => {
    const view = viewArtifact(log, 'grep:^ERROR event 1[0-9]$', {
      ...DEFAULT_VIEW_LIMITS,
      maxMatches: 1,
    });
    expect(view).toMatchObject({ text: '15: ERROR event 15', total: 1, unit: 'matches' });
    const many = viewArtifact(log, 'grep:(?i)error', { ...DEFAULT_VIEW_LIMITS, maxMatches: 2 });
    expect(many).toMatchObject({ total: 143, truncated: true });
    expect(many.text.split('\n')).toEqual(['1: ERROR event 1', '8: ERROR event 8']);
  });

  it('runs a pattern that backtracking engines take forever on in linear time', async () => {
    const hostile = await store.put({ text: `${'a'.repeat(50_000)}!`, mediaType: 'text/plain' });
    const view = viewArtifact(hostile, 'grep:^(a+)+$');
    expect(view).toMatchObject({ total: 0, text: '' });
    expect(thrownFailure(() => viewArtifact(hostile, 'grep:(a'))).toMatchObject({
      code: 'VIEW_FAILED',
      reason: 'pattern',
    });
    expect(thrownFailure(() => viewArtifact(hostile, 'grep:(?<=a)b'))).toMatchObject({
      code: 'VIEW_FAILED',
    });
  });

  it('lists keys and array lengths', () => {
    expect(JSON.parse(viewArtifact(json, 'json_keys').text)).toEqual({
      type: 'object',
      keys: ['total', 'items', 'meta'],
    });
    expect(JSON.parse(viewArtifact(json, 'json_keys:$.items').text)).toEqual({
      type: 'array',
      length: 120,
    });
    expect(JSON.parse(viewArtifact(json, 'json_keys:$.total').text)).toEqual({ type: 'number' });
  });

  it('pages through array rows, one JSON value per line', () => {
    const view = viewArtifact(json, 'rows:0-1:$.items');
    expect(view).toMatchObject({
      text: '{"id":0,"name":"user 0"}\n{"id":1,"name":"user 1"}',
      total: 120,
      unit: 'rows',
      next: 'rows:2-3:$.items',
    });
    expect(viewArtifact(json, 'rows:118-500:$.items').next).toBeUndefined();
    expect(thrownFailure(() => viewArtifact(json, 'rows:0-1'))).toMatchObject({
      reason: 'not an array',
    });
    expect(thrownFailure(() => viewArtifact(json, 'rows:120-121:$.items'))).toMatchObject({
      rows: 120,
    });
  });

  it('reads a value at a JSON path and names what exists when it is missing', () => {
    expect(JSON.parse(viewArtifact(json, '$.items[-1].name').text)).toBe('user 119');
    expect(thrownFailure(() => viewArtifact(json, '$.meta.size'))).toMatchObject({
      code: 'VIEW_FAILED',
      existing: '$.meta',
    });
  });

  it('refuses JSON selectors on text and unknown selectors', () => {
    expect(thrownFailure(() => viewArtifact(log, 'json_keys'))).toMatchObject({
      reason: 'not json',
    });
    expect(thrownFailure(() => viewArtifact(log, 'tail:3'))).toMatchObject({
      code: 'VIEW_FAILED',
      reason: 'selector',
    });
  });

  it('gives the same result for the same selector', () => {
    expect(viewArtifact(json, 'rows:5-9:$.items')).toEqual(viewArtifact(json, 'rows:5-9:$.items'));
  });
});
