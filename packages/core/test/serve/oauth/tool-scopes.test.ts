import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileToolGlob, createToolScopeCheck } from '../../../src/serve/oauth/tool-scopes.js';

function call(name: string, args: unknown = {}) {
  return { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } };
}

/** Escapes every glob metacharacter of `name`, as the conformance kit does. */
function literal(name: string): string {
  return name.replace(/[\\*?[\]{}()!]/gu, (character) => `\\${character}`);
}

describe('compileToolGlob', () => {
  it('matches * over any run, ? over one character, and \\ escapes', () => {
    expect(compileToolGlob('fs_*').test('fs_write')).toBe(true);
    expect(compileToolGlob('fs_*').test('db_write')).toBe(false);
    expect(compileToolGlob('a?c').test('abc')).toBe(true);
    expect(compileToolGlob('a?c').test('ac')).toBe(false);
    expect(compileToolGlob('a\\*').test('a*')).toBe(true);
    expect(compileToolGlob('a\\*').test('ab')).toBe(false);
    expect(compileToolGlob('x.y').test('xzy')).toBe(false);
  });

  it('matches an escaped name exactly and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (name, other) => {
        const pattern = compileToolGlob(literal(name));
        expect(pattern.test(name)).toBe(true);
        expect(pattern.test(other)).toBe(other === name);
      }),
    );
  });

  it('matches every name that starts with the prefix of a prefix glob', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (prefix, rest) => {
        expect(compileToolGlob(`${literal(prefix)}*`).test(`${prefix}${rest}`)).toBe(true);
      }),
    );
  });
});

describe('createToolScopeCheck', () => {
  const check = createToolScopeCheck(
    { 'admin_*': 'mcp:admin', admin_drop: 'mcp:danger' },
    (name, args) => (name === 'run' ? [String((args as { tool?: unknown }).tool)] : []),
  );

  it('lists the sorted scopes missing for the calls of a message or a batch', () => {
    expect(check(call('admin_drop'), [])).toEqual(['mcp:admin', 'mcp:danger']);
    expect(check(call('admin_drop'), ['mcp:admin'])).toEqual(['mcp:danger']);
    expect(check([call('read'), call('admin_list')], ['mcp'])).toEqual(['mcp:admin']);
    expect(check(call('admin_list'), ['mcp:admin'])).toEqual([]);
  });

  it('ignores other methods and unguarded tools, and follows call targets', () => {
    expect(check({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, [])).toEqual([]);
    expect(check(call('read'), [])).toEqual([]);
    expect(check(call('run', { tool: 'admin_list' }), [])).toEqual(['mcp:admin']);
    expect(check('not a message', [])).toEqual([]);
  });
});
