import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignToolNames,
  type Catalog,
  isValidToolName,
  loadCatalog,
  sanitizeToolName,
  TOOL_NAME_PATTERN,
} from '../../src/catalog-server/index.js';
import { CoreError } from '../../src/errors.js';
import { SERVERS_CATALOG, TOOLS_CATALOG } from './fixtures.js';

function catalogOf(names: readonly string[], server?: string): Catalog {
  return names.map((name) =>
    server === undefined
      ? { name, inputSchema: { type: 'object' } }
      : { name, server, inputSchema: { type: 'object' } },
  );
}

describe('sanitizeToolName', () => {
  it('keeps a valid name as it is', () => {
    expect(sanitizeToolName('files/read_file.v2-beta')).toBe('files/read_file.v2-beta');
  });

  it('replaces each run of forbidden characters by one underscore', () => {
    expect(sanitizeToolName('requestFirst Aid Assistance')).toBe('requestFirst_Aid_Assistance');
    expect(sanitizeToolName('gateway:orders#list  (v2)')).toBe('gateway_orders_list_v2_');
  });

  it('drops accents instead of replacing the letter', () => {
    expect(sanitizeToolName('café crème')).toBe('cafe_creme');
  });

  it('names a tool without any ASCII letter or digit after a hash of its raw name', () => {
    const name = sanitizeToolName('搜索');
    expect(name).toMatch(/^tool_[0-9a-f]{8}$/);
    expect(sanitizeToolName('翻译')).not.toBe(name);
  });

  it('cuts a long name to 64 characters ending in a hash of the raw name', () => {
    const long = `${'very long name '.repeat(10)}`;
    const name = sanitizeToolName(long);
    expect(name).toHaveLength(64);
    expect(name).toMatch(/^very_long_name_.*_[0-9a-f]{8}$/);
    expect(sanitizeToolName(`${long}!`)).not.toBe(name);
  });

  it('always yields a name that passes the MCP naming rule (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        expect(sanitizeToolName(raw)).toMatch(TOOL_NAME_PATTERN);
      }),
    );
  });

  it('is the identity on valid names (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(TOOL_NAME_PATTERN), (name) => {
        expect(sanitizeToolName(name)).toBe(name);
      }),
    );
  });
});

describe('assignToolNames', () => {
  it('gives a valid raw name precedence over a sanitized one that would take it', () => {
    const named = assignToolNames(catalogOf(['a b', 'a_b', 'a  b']));
    expect(named.map((tool) => tool.name)).toEqual(['a_b_2', 'a_b', 'a_b_3']);
  });

  it('keeps suffixed names within 64 characters', () => {
    const base = 'x'.repeat(64);
    const named = assignToolNames(catalogOf([base, `${base}?`, `${base}!`]));
    const [first, second, third] = named.map((tool) => tool.name);
    expect(first).toBe(base);
    expect(second).toMatch(/^x{55}_[0-9a-f]{8}$/);
    expect(third).toMatch(/^x{55}_[0-9a-f]{8}$/);
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('rejects a repeated name, naming both entries and their servers', async () => {
    const catalog = await loadCatalog(SERVERS_CATALOG);
    let error: unknown;
    try {
      assignToolNames(catalog);
    } catch (caught) {
      error = caught;
    }
    expect(CoreError.isInstance(error)).toBe(true);
    expect((error as CoreError).code).toBe('CONFIG_INVALID');
    expect((error as CoreError).message).toMatch(
      /^catalog entries \d+ and \d+ both want the tool name "[^"]+" \(servers [^,]+, [^)]+\); prefix names/,
    );
  });

  it('keeps the first of repeated names when asked to', async () => {
    const catalog = await loadCatalog(SERVERS_CATALOG);
    const named = assignToolNames(catalog, { duplicates: 'keep-first' });
    const distinct = new Set(catalog.map((entry) => entry.name));
    expect(named).toHaveLength(distinct.size);
    expect(named.every((tool) => tool.name === tool.entry.name)).toBe(true);
  });

  it('prefixes names with their server, sanitizing where the server name needs it', async () => {
    const seal = await loadCatalog(TOOLS_CATALOG);
    const named = assignToolNames(seal, { prefixServer: true });
    expect(named[0]?.name).toBe('Chemical_Engineering/Forensic_engineering__analyzeEvidence');
    expect(new Set(named.map((tool) => tool.name)).size).toBe(seal.length);
    expect(named.every((tool) => isValidToolName(tool.name))).toBe(true);
  });

  it('makes every name of a many-server catalog distinct with server prefixes', async () => {
    const catalog = await loadCatalog(SERVERS_CATALOG);
    const named = assignToolNames(catalog, { prefixServer: true });
    expect(named).toHaveLength(77);
    expect(named.map((tool) => tool.name)).toContain('web-search__web_search');
  });

  it('leaves entries without a server unprefixed', () => {
    const catalog: Catalog = [
      { name: 'plain', inputSchema: { type: 'object' } },
      { name: 'plain', server: 'tools', inputSchema: { type: 'object' } },
    ];
    expect(assignToolNames(catalog, { prefixServer: true }).map((tool) => tool.name)).toEqual([
      'plain',
      'tools__plain',
    ]);
  });

  const collidingName = fc.string({
    unit: fc.constantFrom('a', 'b', '_', ' ', 'é', '搜', '/'),
    minLength: 1,
    maxLength: 8,
  });

  it('is injective, valid, stable and keeps valid names over any set of names (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(collidingName, fc.string({ unit: 'binary', minLength: 1 })), {
          maxLength: 40,
        }),
        (names) => {
          const named = assignToolNames(catalogOf(names));
          const wire = named.map((tool) => tool.name);
          expect(wire).toHaveLength(names.length);
          expect(new Set(wire).size).toBe(names.length);
          for (const [index, tool] of named.entries()) {
            expect(tool.name).toMatch(TOOL_NAME_PATTERN);
            expect(tool.index).toBe(index);
            if (isValidToolName(names[index] ?? '')) expect(tool.name).toBe(names[index]);
          }
          expect(assignToolNames(catalogOf(names)).map((tool) => tool.name)).toEqual(wire);
        },
      ),
    );
  });
});
