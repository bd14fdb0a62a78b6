import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createShopServer } from './fixtures/shop.js';
import { code, text } from './helpers.js';

let pair: TestPair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

async function shop() {
  pair = await createTestPair(
    createShopServer({ limits: { maxChars: 100_000 } }).createMcpServer(),
  );
  return pair;
}

describe('hostile input', () => {
  it.each([
    ['a string', 'not an object'],
    ['an array', [1, 2]],
    ['a number', 42],
  ])('refuses kwargs that are %s with INVALID_ARGUMENTS', async (_label, kwargs) => {
    const { callTool: tool } = await shop();
    const result = await tool('call', { namespace: 'orders', function: 'list', kwargs });
    expect(code(result)).toBe('INVALID_ARGUMENTS');
    expect(text(result)).toBe('**Error:** Invalid `call` arguments: `kwargs` must be an object.');
  });

  it('refuses a call without a function, with a wrong type, or with misplaced arguments', async () => {
    const { callTool: tool } = await shop();
    expect(text(await tool('call', { namespace: 'orders' }))).toContain('`function` is required');
    expect(code(await tool('call', { function: 7 }))).toBe('INVALID_ARGUMENTS');
    expect(code(await tool('call', { function: 'list', sizelimit: -1 }))).toBe('INVALID_ARGUMENTS');
    expect(
      text(await tool('call', { namespace: 'orders', function: 'list', status: 'open' })),
    ).toContain('unknown argument `status` (function arguments go in `kwargs`)');
  });

  it('refuses deeply nested kwargs without overflowing the stack', async () => {
    const { callTool: tool } = await shop();
    let deep: unknown = 'bottom';
    for (let index = 0; index < 5_000; index += 1) deep = { nested: deep };
    const result = await tool('call', {
      namespace: 'orders',
      function: 'create',
      kwargs: { notes: deep },
    });
    expect(text(result)).toBe('**Error:** `kwargs` is nested deeper than 64 levels.');
  });

  it('refuses huge kwargs', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', {
      namespace: 'orders',
      function: 'create',
      kwargs: { notes: 'x'.repeat(200_000) },
    });
    expect(text(result)).toBe('**Error:** `kwargs` is larger than 100,000 characters.');
  });

  it('answers names with foreign characters, huge names and prototype keys as unknown', async () => {
    const { callTool: tool } = await shop();
    for (const name of [
      '__proto__',
      'constructor',
      'list;drop',
      'x'.repeat(10_000),
      '',
      'orders.list',
    ]) {
      const result = await tool('call', { namespace: 'orders', function: name });
      expect(code(result)).toBe('UNKNOWN_FUNCTION');
      expect(text(result).length).toBeLessThan(400);
    }
    expect(code(await tool('call', { namespace: '__proto__', function: 'x' }))).toBe(
      'UNKNOWN_NAMESPACE',
    );
    expect(code(await tool('skill', { namespace: 'orders', skillname: 'toString' }))).toBe(
      'UNKNOWN_SKILL',
    );
    const proto = await tool('call', {
      namespace: 'orders',
      function: 'list',
      kwargs: JSON.parse('{"__proto__": {"x": 1}}'),
    });
    expect(code(proto)).toBe('GATED');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('answers help and skill with wrong argument types as INVALID_ARGUMENTS', async () => {
    const { callTool: tool } = await shop();
    expect(code(await tool('help', { namespace: 42 }))).toBe('INVALID_ARGUMENTS');
    expect(code(await tool('skill', { kwargs: 'x' }))).toBe('INVALID_ARGUMENTS');
    expect(
      code(
        await tool('help', {
          namespace: 'orders',
          function: 'create',
          kwargs: { params: { deep: true } },
        }),
      ),
    ).toBeUndefined();
  });
});
