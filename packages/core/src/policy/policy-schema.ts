/**
 * zod schemas of the `policies` section of a shared `mcpServers` configuration file.
 *
 * @module
 */
import { z } from 'zod';

const PatternSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(512, 'must be at most 512 characters')
  .refine((value) => !/[\0\s]/.test(value), 'must not contain whitespace or NUL characters');

/** Keeps only the arguments whose string value starts with a folder (see `checkArguments`). */
const PathPrefixConstraintSchema = z.strictObject({
  /** The folder (or path) a string argument must lie in, after `.` and `..` are resolved. */
  pathPrefix: z.string().min(1, 'must not be empty'),
});

/** Keeps only the arguments equal to one of a list of JSON scalars. */
const EnumConstraintSchema = z.strictObject({
  /** The values the argument may take. */
  enum: z
    .array(z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .min(1, 'must list at least one value'),
});

/**
 * One constraint on one argument: `{"pathPrefix": "/srv/shared"}` or `{"enum": ["a", "b"]}`.
 * A constrained argument must be present in the call.
 */
export const ArgumentConstraintSchema = z.union(
  [PathPrefixConstraintSchema, EnumConstraintSchema],
  {
    error: 'must be {"pathPrefix": "<path>"} or {"enum": [<values>]}',
  },
);

/**
 * The policy of one role.
 *
 * - `allow` / `deny`: patterns; `server/tool` with `*` globs (`fs/read_*`, `github/delete_*`),
 *   a bare server glob for all of its tools (`fs` is `fs/*`), or a tool id glob (any pattern
 *   with a `:`, matched against the gateway's `tool_id`, e.g. `fs:write_file*`).
 * - A tool matched by a `deny` pattern is denied, whatever else says.
 * - Otherwise a tool matched by an `allow` pattern is allowed.
 * - Otherwise `default` decides; unset, it is `"deny"` when `allow` lists a pattern and
 *   `"allow"` otherwise.
 * - `arguments`: pattern -> argument name -> constraint, checked on every call of an allowed
 *   tool that the pattern matches.
 */
export const RolePolicySchema = z.strictObject({
  /** What a tool matched by no pattern gets. */
  default: z.union([z.literal('allow'), z.literal('deny')]).optional(),
  /** Patterns of allowed tools. */
  allow: z.array(PatternSchema).optional(),
  /** Patterns of denied tools; a deny always wins. */
  deny: z.array(PatternSchema).optional(),
  /** Argument constraints by tool pattern, then by argument name. */
  arguments: z
    .record(
      PatternSchema,
      z.record(z.string().min(1, 'must not be empty'), ArgumentConstraintSchema),
    )
    .optional(),
});

/**
 * The `policies` section: `{"roles": {"<role>": <policy>}, "otherRoles": <policy>,
 * "anonymous": <policy>}`.
 *
 * A caller with a role listed under `roles` gets that policy; a caller with another role gets
 * `otherRoles`; a caller without a role (no tokens configured, stdio) gets `anonymous`. A
 * missing policy allows everything, like a configuration without `policies`.
 */
export const PoliciesConfigSchema = z.strictObject({
  /** The policies of named roles. */
  roles: z.record(z.string().min(1, 'must not be empty'), RolePolicySchema).optional(),
  /** The policy of every role not listed under `roles`. */
  otherRoles: RolePolicySchema.optional(),
  /** The policy of callers without a role. */
  anonymous: RolePolicySchema.optional(),
});

/** One argument constraint; see {@link ArgumentConstraintSchema}. */
export type ArgumentConstraint = z.infer<typeof ArgumentConstraintSchema>;
/** The policy of one role; see {@link RolePolicySchema}. */
export type RolePolicyConfig = z.infer<typeof RolePolicySchema>;
/** The `policies` section; see {@link PoliciesConfigSchema}. */
export type PoliciesConfig = z.infer<typeof PoliciesConfigSchema>;
