import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../src/errors.js';
import {
  createPolicyEngine,
  type PoliciesConfig,
  PoliciesConfigSchema,
  type RolePolicy,
} from '../../src/policy/index.js';

function thrownBy(action: () => void): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

const config: PoliciesConfig = PoliciesConfigSchema.parse({
  roles: {
    reader: { allow: ['fs/read_*', 'fs/list_*', 'docs'], deny: ['fs/read_secret*'] },
    writer: {
      deny: ['fs/delete_*', 'mail'],
      arguments: { 'fs/write_*': { path: { pathPrefix: '/srv/shared' } } },
    },
    ops: {
      default: 'deny',
      allow: ['fs:*'],
      arguments: { 'fs/*': { mode: { enum: ['fast', 'safe'] } } },
    },
  },
  otherRoles: { default: 'deny' },
  anonymous: { deny: ['*'] },
});

describe('createPolicyEngine', () => {
  it('allows everything to everyone without a policies section', () => {
    const engine = createPolicyEngine(undefined);
    expect(engine.configured).toBe(false);
    for (const role of [undefined, 'any']) {
      const policy = engine.forRole(role);
      expect(policy.unrestricted).toBe(true);
      expect(policy.allowsTool('fs', 'delete_file')).toBe(true);
      expect(policy.allowsServer('fs')).toBe(true);
      expect(() => policy.checkArguments('fs', 'write_file', {})).not.toThrow();
    }
  });

  it('allows only the allow list once one is given, and deny wins over allow', () => {
    const reader = createPolicyEngine(config).forRole('reader');
    expect(reader.allowsTool('fs', 'read_file')).toBe(true);
    expect(reader.allowsTool('fs', 'list_directory')).toBe(true);
    expect(reader.allowsTool('fs', 'write_file')).toBe(false);
    expect(reader.allowsTool('fs', 'read_secret_file')).toBe(false);
    expect(reader.allowsTool('docs', 'anything/with/slashes')).toBe(true);
    expect(reader.allowsTool('mail', 'send')).toBe(false);
    expect(reader.allowsServer('fs')).toBe(true);
    expect(reader.allowsServer('docs')).toBe(true);
    expect(reader.allowsServer('mail')).toBe(false);
  });

  it('hides a server whose every tool a deny covers', () => {
    const writer = createPolicyEngine(config).forRole('writer');
    expect(writer.allowsServer('mail')).toBe(false);
    expect(writer.allowsTool('mail', 'send')).toBe(false);
    expect(writer.allowsServer('fs')).toBe(true);
    expect(writer.allowsTool('fs', 'delete_file')).toBe(false);
    expect(writer.allowsTool('fs', 'write_file')).toBe(true);
  });

  it('allows every tool of a server only when no rule singles out one of them', () => {
    const engine = createPolicyEngine(config);
    expect(engine.forRole('reader').allowsEveryTool('docs')).toBe(true);
    expect(engine.forRole('reader').allowsEveryTool('fs')).toBe(false);
    expect(engine.forRole('writer').allowsEveryTool('fs')).toBe(false);
    expect(engine.forRole('writer').allowsEveryTool('git')).toBe(true);
    expect(engine.forRole('writer').allowsEveryTool('mail')).toBe(false);
    expect(engine.forRole('ops').allowsEveryTool('git')).toBe(false);
  });

  it('matches tool id patterns only against a tool id', () => {
    const ops = createPolicyEngine(config).forRole('ops');
    expect(ops.allowsTool('fs', 'read_file', 'fs:read_file')).toBe(true);
    expect(ops.allowsTool('fs', 'read_file')).toBe(false);
    expect(ops.allowsServer('anything')).toBe(true);
  });

  it('picks the role policy, then otherRoles, and anonymous for a caller without a role', () => {
    const engine = createPolicyEngine(config);
    expect(engine.forRole('stranger').allowsTool('fs', 'read_file')).toBe(false);
    expect(engine.forRole(undefined).allowsTool('fs', 'read_file')).toBe(false);
    expect(engine.forRole(undefined).allowsServer('fs')).toBe(false);
    const partial = createPolicyEngine({ roles: { a: { deny: ['fs'] } } });
    expect(partial.forRole('b').unrestricted).toBe(true);
    expect(partial.forRole(undefined).unrestricted).toBe(true);
  });

  it('checks path prefixes on whole segments after resolving dot segments', () => {
    const writer = createPolicyEngine(config).forRole('writer');
    expect(() =>
      writer.checkArguments('fs', 'write_file', { path: '/srv/shared/a.txt' }),
    ).not.toThrow();
    expect(() => writer.checkArguments('fs', 'write_file', { path: '/srv/shared' })).not.toThrow();
    for (const path of ['/srv/shared-other/a', '/srv/shared/../etc/passwd', 'shared/a', 42]) {
      const error = thrownBy(() => writer.checkArguments('fs', 'write_file', { path }));
      expect(CoreError.isInstance(error) && error.code).toBe('POLICY_DENIED');
    }
    const missing = thrownBy(() => writer.checkArguments('fs', 'write_file', {}));
    expect(CoreError.isInstance(missing) && missing.data).toEqual({
      server: 'fs',
      tool: 'write_file',
      argument: 'path',
      problem: 'is required by the policy',
    });
    expect(() => writer.checkArguments('fs', 'read_file', {})).not.toThrow();
  });

  it('checks enum constraints by value', () => {
    const ops = createPolicyEngine(config).forRole('ops');
    expect(() => ops.checkArguments('fs', 'x', { mode: 'safe' })).not.toThrow();
    const error = thrownBy(() => ops.checkArguments('fs', 'x', { mode: 'wild' }));
    expect(CoreError.isInstance(error) && error.message).toBe(
      'argument "mode" must be one of "fast", "safe"',
    );
  });
});

describe('policy properties', () => {
  const name = fc.stringMatching(/^[a-c_]{1,4}$/);
  const glob = fc.stringMatching(/^[a-c_*]{1,4}$/);
  const pattern = fc.oneof(
    glob,
    fc.tuple(glob, glob).map(([server, tool]) => `${server}/${tool}`),
  );
  const rolePolicy = fc.record(
    {
      default: fc.constantFrom('allow' as const, 'deny' as const),
      allow: fc.array(pattern, { maxLength: 4 }),
      deny: fc.array(pattern, { maxLength: 4 }),
    },
    { requiredKeys: [] },
  );

  /** Asserts `check` for any role policy, server name and one to five tool names. */
  function forAnyRoleServerAndTools(
    check: (role: RolePolicy, server: string, tools: string[]) => void,
  ) {
    fc.assert(
      fc.property(
        rolePolicy,
        name,
        fc.array(name, { minLength: 1, maxLength: 5 }),
        (policy, server, tools) =>
          check(createPolicyEngine({ roles: { r: policy } }).forRole('r'), server, tools),
      ),
    );
  }

  it('never allows a tool that a deny pattern matches', () => {
    fc.assert(
      fc.property(rolePolicy, name, name, (policy, server, tool) => {
        const denied = createPolicyEngine({ roles: { r: policy } }).forRole('r');
        const withDeny = createPolicyEngine({
          roles: {
            r: {
              ...policy,
              allow: [...(policy.allow ?? []), `${server}/${tool}`],
              deny: [...(policy.deny ?? []), `${server}/${tool}`],
            },
          },
        }).forRole('r');
        expect(withDeny.allowsTool(server, tool)).toBe(false);
        if ((policy.deny ?? []).includes(`${server}/${tool}`)) {
          expect(denied.allowsTool(server, tool)).toBe(false);
        }
      }),
    );
  });

  it('shows every server that has an allowed tool', () => {
    forAnyRoleServerAndTools((role, server, tools) => {
      if (tools.some((tool) => role.allowsTool(server, tool))) {
        expect(role.allowsServer(server)).toBe(true);
      }
    });
  });

  it('allows every tried tool of a server that allowsEveryTool accepts', () => {
    forAnyRoleServerAndTools((role, server, tools) => {
      if (role.allowsEveryTool(server)) {
        for (const tool of tools) expect(role.allowsTool(server, tool)).toBe(true);
      }
    });
  });

  it('only narrows when a deny pattern is added', () => {
    fc.assert(
      fc.property(rolePolicy, pattern, name, name, (policy, extra, server, tool) => {
        const before = createPolicyEngine({ roles: { r: policy } }).forRole('r');
        const after = createPolicyEngine({
          roles: { r: { ...policy, deny: [...(policy.deny ?? []), extra] } },
        }).forRole('r');
        if (after.allowsTool(server, tool)) {
          expect(before.allowsTool(server, tool)).toBe(true);
        }
      }),
    );
  });

  it('only widens when an allow pattern is added', () => {
    fc.assert(
      fc.property(rolePolicy, pattern, name, name, (policy, extra, server, tool) => {
        const explicit = { ...policy, default: policy.default ?? ('deny' as const) };
        const before = createPolicyEngine({ roles: { r: explicit } }).forRole('r');
        const after = createPolicyEngine({
          roles: { r: { ...explicit, allow: [...(explicit.allow ?? []), extra] } },
        }).forRole('r');
        if (before.allowsTool(server, tool)) {
          expect(after.allowsTool(server, tool)).toBe(true);
        }
      }),
    );
  });
});
