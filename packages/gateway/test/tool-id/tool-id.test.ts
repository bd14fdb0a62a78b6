import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import {
  formatToolId,
  isToolId,
  parseToolId,
  type ToolIdParts,
} from '../../src/tool-id/tool-id.js';
import { anyText, toolIdArbitrary, toolIdPartsArbitrary } from '../arbitraries.js';

function expectInvalid(action: () => unknown): GatewayError {
  try {
    action();
  } catch (error) {
    expect(GatewayError.isInstance(error)).toBe(true);
    expect((error as GatewayError).code).toBe('TOOL_ID_INVALID');
    return error as GatewayError;
  }
  throw new Error('expected TOOL_ID_INVALID');
}

describe('parseToolId', () => {
  it.each<[string, ToolIdParts]>([
    ['github:create_issue@1.4.0', { namespace: 'github', name: 'create_issue', version: '1.4.0' }],
    [
      'slack:slack_send_message#3a91c7d2',
      { namespace: 'slack', name: 'slack_send_message', hash8: '3a91c7d2' },
    ],
    ['mcp:read_file#7b2f0e14', { namespace: 'mcp', name: 'read_file', hash8: '7b2f0e14' }],
    ['weather:get@2024-05', { namespace: 'weather', name: 'get', version: '2024-05' }],
    [
      'billing:refund@1#a1b2c3d4',
      { namespace: 'billing', name: 'refund', version: '1', hash8: 'a1b2c3d4' },
    ],
    ['mcp:read_file', { namespace: 'mcp', name: 'read_file' }],
    ['a-b_c:_Name.v2-x', { namespace: 'a-b_c', name: '_Name.v2-x' }],
  ])('splits %s into its parts', (toolId, parts) => {
    expect(parseToolId(toolId)).toStrictEqual(parts);
  });

  it.each([
    ['', 'no ":" between namespace and name'],
    ['github', 'no ":" between namespace and name'],
    ['GitHub:create', 'namespace breaks the grammar'],
    ['1github:create', 'namespace breaks the grammar'],
    [':create', 'namespace breaks the grammar'],
    ['github:', 'name breaks the grammar'],
    ['github:1create', 'name breaks the grammar'],
    ['github:create issue', 'name breaks the grammar'],
    ['github:create/issue', 'name breaks the grammar'],
    ['github:create:issue', 'name breaks the grammar'],
    ['github:create@', 'version breaks the grammar'],
    ['github:create@1.0+build', 'version breaks the grammar'],
    ['github:create@1@2', 'version breaks the grammar'],
    [`github:create@${'1'.repeat(33)}`, 'version breaks the grammar'],
    ['github:create#ABCDEF12', 'hash8 breaks the grammar'],
    ['github:create#abc', 'hash8 breaks the grammar'],
    ['github:create#abcdef12#abcdef12', 'hash8 breaks the grammar'],
    ['github:create#abcdef12@1', 'hash8 breaks the grammar'],
    ['resource::fs:readme#ab12cd34', 'name breaks the grammar'],
    [' github:create', 'namespace breaks the grammar'],
    ['github:create\n', 'name breaks the grammar'],
    ['gïthub:create', 'namespace breaks the grammar'],
    [`${'a'.repeat(65)}:x`, 'namespace breaks the grammar'],
    [`a:${'b'.repeat(129)}`, 'name breaks the grammar'],
    ['a'.repeat(241), 'longer than 240 characters'],
  ])('refuses %j with a typed error (%s)', (toolId, reason) => {
    expect(expectInvalid(() => parseToolId(toolId)).data).toMatchObject({ reason });
  });

  it('refuses non-strings with a typed error', () => {
    for (const value of [undefined, null, 42, {}, ['a:b'], Symbol('x')]) {
      expectInvalid(() => parseToolId(value as unknown as string));
    }
  });

  it('refuses a huge string without scanning it', () => {
    expectInvalid(() => parseToolId(`a:${'b'.repeat(5_000_000)}`));
  });

  it('throws nothing but TOOL_ID_INVALID on arbitrary text (property)', () => {
    fc.assert(
      fc.property(anyText(300), (text) => {
        try {
          const parts = parseToolId(text);
          expect(formatToolId(parts)).toBe(text);
        } catch (error) {
          expect(GatewayError.isInstance(error) && error.code === 'TOOL_ID_INVALID').toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('formatToolId', () => {
  it('writes parts in the grammar order', () => {
    expect(formatToolId({ namespace: 'a', name: 'b', version: '1', hash8: '0123abcd' })).toBe(
      'a:b@1#0123abcd',
    );
  });

  it.each<[unknown, string]>([
    [{ namespace: 'A', name: 'b' }, 'namespace'],
    [{ namespace: 'a', name: 'b c' }, 'name'],
    [{ namespace: 'a', name: 'b', version: '' }, 'version'],
    [{ namespace: 'a', name: 'b', version: undefined }, 'version'],
    [{ namespace: 'a', name: 'b', hash8: 'XYZ' }, 'hash8'],
    [{ namespace: 1, name: 'b' }, 'namespace'],
  ])('refuses %j naming the bad field', (parts, field) => {
    expect(expectInvalid(() => formatToolId(parts as ToolIdParts)).data).toMatchObject({ field });
  });

  it('refuses a non-object', () => {
    expectInvalid(() => formatToolId(null as unknown as ToolIdParts));
  });
});

describe('round trip', () => {
  it('formatToolId(parseToolId(s)) === s for every valid id (property)', () => {
    fc.assert(
      fc.property(toolIdArbitrary, (toolId) => {
        expect(formatToolId(parseToolId(toolId))).toBe(toolId);
        expect(isToolId(toolId)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('parseToolId(formatToolId(parts)) equals parts (property)', () => {
    fc.assert(
      fc.property(toolIdPartsArbitrary, (parts) => {
        expect(parseToolId(formatToolId(parts))).toStrictEqual({ ...parts });
      }),
      { numRuns: 500 },
    );
  });

  it('never produces an id longer than 240 characters (property)', () => {
    fc.assert(fc.property(toolIdPartsArbitrary, (parts) => formatToolId(parts).length <= 240));
  });
});

describe('isToolId', () => {
  it('is false for malformed ids and non-strings', () => {
    expect(isToolId('github:create')).toBe(true);
    expect(isToolId('github')).toBe(false);
    expect(isToolId(7)).toBe(false);
    expect(isToolId(`a:${'b'.repeat(300)}`)).toBe(false);
  });
});
