import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/errors.js';
import { isToolId, parseToolId } from '../../src/tool-id/tool-id.js';
import {
  createToolIdIndex,
  deriveToolId,
  normalizeNamespace,
} from '../../src/tool-id/tool-id-derive.js';
import { hash8 } from '../../src/tool-id/tool-id-hash.js';
import { anyText } from '../arbitraries.js';

const schema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };

describe('deriveToolId (the §1.4 table)', () => {
  it('drops a dotted prefix into the namespace and keeps a declared version', () => {
    const derived = deriveToolId({
      name: 'github.create_issue',
      inputSchema: schema,
      _meta: { version: '1.4.0' },
    });
    expect(derived).toEqual({
      toolId: 'github:create_issue@1.4.0',
      parts: { namespace: 'github', name: 'create_issue', version: '1.4.0' },
      upstreamName: 'github.create_issue',
      derivation: 'dot',
    });
  });

  it('keeps the whole name for three underscore segments and hashes without a version', () => {
    const derived = deriveToolId({ name: 'slack_send_message', inputSchema: schema });
    expect(derived.parts).toEqual({
      namespace: 'slack',
      name: 'slack_send_message',
      hash8: hash8('slack_send_message', schema),
    });
    expect(derived.derivation).toBe('underscore');
  });

  it('falls back to the mcp namespace for a name with no inferable prefix', () => {
    const derived = deriveToolId({ name: 'read_file', inputSchema: schema });
    expect(derived.toolId).toBe(`mcp:read_file#${hash8('read_file', schema)}`);
    expect(derived.derivation).toBe('fallback');
  });

  it('splits a slash and honours a version given in options', () => {
    const derived = deriveToolId({ name: 'weather/get', inputSchema: {} }, { version: '2024-05' });
    expect(derived.toolId).toBe('weather:get@2024-05');
    expect(derived.derivation).toBe('slash');
  });

  it('hashes over the upstream name, so de-prefixed twins stay distinct', () => {
    const github = deriveToolId({ name: 'github.create_issue', inputSchema: schema });
    const gitlab = deriveToolId({ name: 'gitlab.create_issue', inputSchema: schema });
    expect(github.parts.name).toBe(gitlab.parts.name);
    expect(github.parts.hash8).not.toBe(gitlab.parts.hash8);
  });

  it('uses a configured namespace and keeps the name verbatim', () => {
    const derived = deriveToolId(
      { name: 'github.create_issue', inputSchema: schema },
      { namespace: 'GH Tools' },
    );
    expect(derived.parts.namespace).toBe('gh-tools');
    expect(derived.parts.name).toBe('github.create_issue');
    expect(derived.derivation).toBe('configured');
  });

  it('lower-cases an inferred prefix and skips prefixes outside the namespace grammar', () => {
    expect(deriveToolId({ name: 'GitHub.list', inputSchema: {} }).parts.namespace).toBe('github');
    expect(deriveToolId({ name: '1password.get', inputSchema: {} }).derivation).toBe('fallback');
    expect(deriveToolId({ name: '__init__', inputSchema: {} }).derivation).toBe('fallback');
    expect(deriveToolId({ name: '.hidden', inputSchema: {} }).derivation).toBe('fallback');
    expect(deriveToolId({ name: 'trailing.', inputSchema: {} }).derivation).toBe('fallback');
  });

  it('ignores a declared version outside the grammar and hashes instead', () => {
    const derived = deriveToolId({
      name: 'read_file',
      inputSchema: {},
      _meta: { version: '1.0.0+build.5' },
    });
    expect(derived.parts.version).toBeUndefined();
    expect(derived.parts.hash8).toMatch(/^[0-9a-f]{8}$/);
  });

  it('refuses an option version outside the grammar', () => {
    expect(() => deriveToolId({ name: 'x', inputSchema: {} }, { version: 'not valid' })).toThrow(
      GatewayError,
    );
  });

  it('fits upstream names outside the name grammar, keeping the hash over the original', () => {
    const derived = deriveToolId({ name: '获取天气', inputSchema: {} });
    expect(derived.parts.name).toBe('____');
    expect(derived.parts.hash8).toBe(hash8('获取天气', {}));
    expect(deriveToolId({ name: '2fa check', inputSchema: {} }).parts.name).toBe('_2fa_check');
    expect(deriveToolId({ name: 'a/b/c', inputSchema: {} }).parts).toMatchObject({
      namespace: 'a',
      name: 'b_c',
    });
    expect(deriveToolId({ name: 'x'.repeat(300), inputSchema: {} }).parts.name).toHaveLength(128);
  });

  it('refuses a missing name and an unhashable schema with typed errors', () => {
    expect(() => deriveToolId({ name: '' })).toThrow(GatewayError);
    expect(() => deriveToolId({ name: 'x', inputSchema: { properties: ['a'] } })).toThrow(
      expect.objectContaining({ code: 'SCHEMA_INVALID' }),
    );
  });

  it('never emits the legacy bare mcp:{name} form (§1.7)', () => {
    expect(parseToolId(deriveToolId({ name: 'read_file' }).toolId).hash8).toBeDefined();
  });

  it('always yields an id in the grammar for any name (property)', () => {
    fc.assert(
      fc.property(
        anyText(200).filter((name) => name !== ''),
        fc.option(anyText(40), { nil: undefined }),
        (name, namespace) => {
          const options = namespace === undefined ? {} : { namespace };
          const derived = deriveToolId({ name, inputSchema: {} }, options);
          expect(isToolId(derived.toolId)).toBe(true);
          expect(derived.upstreamName).toBe(name);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('normalizeNamespace', () => {
  it.each([
    ['github', 'github'],
    ['Ant Design Components', 'ant-design-components'],
    ['Asset_Price_MCP', 'asset_price_mcp'],
    ['12306-mcp', 'n12306-mcp'],
    ['--weird__', 'weird'],
    ['a'.repeat(100), 'a'.repeat(64)],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizeNamespace(input)).toBe(expected);
  });

  it('gives a name with nothing usable a stable hashed namespace', () => {
    expect(normalizeNamespace('天气')).toMatch(/^n[0-9a-f]{8}$/);
    expect(normalizeNamespace('天气')).toBe(normalizeNamespace('天气'));
    expect(normalizeNamespace('天气')).not.toBe(normalizeNamespace('地图'));
  });

  it('always fits the namespace grammar (property)', () => {
    fc.assert(
      fc.property(anyText(100), (name) => /^[a-z][a-z0-9_-]{0,63}$/.test(normalizeNamespace(name))),
      { numRuns: 500 },
    );
  });
});

describe('createToolIdIndex', () => {
  it('indexes ids in input order', () => {
    const entries = [deriveToolId({ name: 'b.x' }), deriveToolId({ name: 'a.x' })];
    expect([...createToolIdIndex(entries).keys()]).toEqual(entries.map((entry) => entry.toolId));
  });

  it('raises TOOL_ID_COLLISION naming both upstream tools (§1.5)', () => {
    const first = deriveToolId({ name: 'github.create', inputSchema: {} }, { version: '1' });
    const second = deriveToolId({ name: 'GitHub.create', inputSchema: {} }, { version: '1' });
    expect(first.toolId).toBe(second.toolId);
    expect(() => createToolIdIndex([first, second])).toThrow(
      expect.objectContaining({
        code: 'TOOL_ID_COLLISION',
        data: { toolId: 'github:create@1', upstreamNames: ['github.create', 'GitHub.create'] },
      }),
    );
  });
});
