/**
 * Per-caller tool policies: the `policies` section of a shared `mcpServers` file, and the
 * engine that says which tools, servers and arguments a role may use.
 *
 * @module
 */

export { isUnderPathPrefix } from './argument-constraints.js';
// Patterns
export { matchesGlob } from './glob.js';
// Engine
export { createPolicyEngine, type PolicyEngine, type RolePolicy } from './policy-engine.js';
// Configuration
export {
  type ArgumentConstraint,
  ArgumentConstraintSchema,
  type PoliciesConfig,
  PoliciesConfigSchema,
  type RolePolicyConfig,
  RolePolicySchema,
} from './policy-schema.js';
