/**
 * The policy engine: which tools, servers and arguments one caller's role may use.
 *
 * @module
 */
import { CoreError } from '../errors.js';
import { findConstraintProblem } from './argument-constraints.js';
import type { ArgumentConstraint, PoliciesConfig, RolePolicyConfig } from './policy-schema.js';
import {
  coversServer,
  matchesTool,
  parseToolPattern,
  type ToolPattern,
  touchesServer,
} from './tool-pattern.js';

/** What one role may see and call. */
export interface RolePolicy {
  /** True when the role may use everything (no policy applies), so callers can skip filtering. */
  readonly unrestricted: boolean;
  /**
   * Whether the role may see and call the tool. `toolId` is the gateway's `tool_id`, matched
   * by tool id patterns; without it only `server/tool` patterns apply.
   */
  allowsTool(server: string, tool: string, toolId?: string): boolean;
  /**
   * Whether the role may see the server at all (its resources and prompts): false when a deny
   * pattern covers all of its tools, or when nothing could allow any of them.
   */
  allowsServer(server: string): boolean;
  /**
   * Whether the role may use every tool the server could ever list: no deny pattern may match
   * one of them (a tool id pattern always may), and an allow pattern or the default covers
   * the whole server. For a server whose tools cannot be told apart (a forwarded server).
   */
  allowsEveryTool(server: string): boolean;
  /**
   * Checks a call's arguments against the role's constraints on that tool.
   *
   * @throws CoreError `POLICY_DENIED` naming the argument and the rule it breaks; `data`
   * holds `server`, `tool`, `argument` and `problem`.
   */
  checkArguments(server: string, tool: string, args: Readonly<Record<string, unknown>>): void;
}

/** Role policies built from a `policies` section. */
export interface PolicyEngine {
  /** False when no `policies` section was given: every role is unrestricted. */
  readonly configured: boolean;
  /**
   * The policy of a caller: `role` as in `CallerContext.role` of `@x/core/serve`, `undefined`
   * for a caller without a role (the `anonymous` policy).
   */
  forRole(role: string | undefined): RolePolicy;
}

interface ArgumentRule {
  pattern: ToolPattern;
  constraints: ReadonlyArray<readonly [string, ArgumentConstraint]>;
}

const UNRESTRICTED: RolePolicy = {
  unrestricted: true,
  allowsTool: () => true,
  allowsServer: () => true,
  allowsEveryTool: () => true,
  checkArguments: () => undefined,
};

function compileRolePolicy(config: RolePolicyConfig): RolePolicy {
  const allow = (config.allow ?? []).map(parseToolPattern);
  const deny = (config.deny ?? []).map(parseToolPattern);
  const fallback = config.default ?? (allow.length > 0 ? 'deny' : 'allow');
  const argumentRules: ArgumentRule[] = Object.entries(config.arguments ?? {}).map(
    ([pattern, constraints]) => ({
      pattern: parseToolPattern(pattern),
      constraints: Object.entries(constraints),
    }),
  );
  if (deny.length === 0 && fallback === 'allow' && argumentRules.length === 0) {
    return UNRESTRICTED;
  }
  return {
    unrestricted: false,
    allowsTool(server, tool, toolId) {
      const ref = { server, tool, toolId };
      if (deny.some((pattern) => matchesTool(pattern, ref))) {
        return false;
      }
      return fallback === 'allow' || allow.some((pattern) => matchesTool(pattern, ref));
    },
    allowsServer(server) {
      if (deny.some((pattern) => coversServer(pattern, server))) {
        return false;
      }
      return fallback === 'allow' || allow.some((pattern) => touchesServer(pattern, server));
    },
    allowsEveryTool(server) {
      if (deny.some((pattern) => touchesServer(pattern, server))) {
        return false;
      }
      if (argumentRules.some((rule) => touchesServer(rule.pattern, server))) {
        return false;
      }
      return fallback === 'allow' || allow.some((pattern) => coversServer(pattern, server));
    },
    checkArguments(server, tool, args) {
      const ref = { server, tool };
      for (const rule of argumentRules) {
        if (!matchesTool(rule.pattern, ref)) {
          continue;
        }
        for (const [argument, constraint] of rule.constraints) {
          const value = Object.hasOwn(args, argument) ? args[argument] : undefined;
          const problem = findConstraintProblem(constraint, value);
          if (problem !== undefined) {
            throw new CoreError({
              code: 'POLICY_DENIED',
              message: `argument "${argument}" ${problem}`,
              data: { server, tool, argument, problem },
            });
          }
        }
      }
    },
  };
}

/**
 * Builds the policy engine of a `policies` section (see `PoliciesConfigSchema`), compiling
 * every role once. `undefined` (no section) allows everything to everyone.
 */
export function createPolicyEngine(config: PoliciesConfig | undefined): PolicyEngine {
  if (config === undefined) {
    return { configured: false, forRole: () => UNRESTRICTED };
  }
  const roles = new Map(
    Object.entries(config.roles ?? {}).map(([role, policy]) => [role, compileRolePolicy(policy)]),
  );
  const otherRoles =
    config.otherRoles === undefined ? UNRESTRICTED : compileRolePolicy(config.otherRoles);
  const anonymous =
    config.anonymous === undefined ? UNRESTRICTED : compileRolePolicy(config.anonymous);
  return {
    configured: true,
    forRole(role) {
      if (role === undefined) {
        return anonymous;
      }
      return roles.get(role) ?? otherRoles;
    },
  };
}
