import { describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import { parseMcpServersConfig } from '../../src/upstreams/index.js';

function parseError(value: unknown): CoreError {
  try {
    parseMcpServersConfig(value, 'mcp.json');
  } catch (error) {
    if (CoreError.isInstance(error)) {
      return error;
    }
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe('the policies section of an mcpServers file', () => {
  it('is accepted and kept', () => {
    const policies = {
      roles: {
        reader: { allow: ['fs/read_*'], arguments: { 'fs/*': { path: { pathPrefix: '/srv' } } } },
      },
      otherRoles: { default: 'deny' },
      anonymous: { deny: ['*'] },
    };
    const config = parseMcpServersConfig({ mcpServers: {}, policies }, 'mcp.json');
    expect(config.policies).toEqual(policies);
  });

  it('is optional', () => {
    expect(parseMcpServersConfig({ mcpServers: {} }, 'mcp.json').policies).toBeUndefined();
  });

  it('refuses a misspelt key, naming the field', () => {
    const error = parseError({ mcpServers: {}, policies: { roles: { a: { alow: ['x'] } } } });
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.message).toBe(
      'mcp.json: field "policies.roles.a.alow": unknown field (not part of the format nor of our extensions)',
    );
  });

  it('refuses a bad default, an empty pattern and a bad constraint', () => {
    const error = parseError({
      mcpServers: {},
      policies: {
        roles: {
          a: { default: 'maybe', deny: [''], arguments: { 'fs/*': { path: { prefix: '/' } } } },
        },
      },
    });
    const fields = ((error.data?.problems ?? []) as Array<{ field?: string }>).map(
      (problem) => problem.field,
    );
    expect(fields).toEqual([
      'policies.roles.a.default',
      'policies.roles.a.deny[0]',
      'policies.roles.a.arguments["fs/*"].path',
    ]);
  });
});
