/**
 * The `mcp-auth` settings of a target registration (`settings['mcp-auth']`).
 *
 * @module
 */

import { z } from 'zod';

/** The key of the `mcp-auth` settings in `TargetDefinition.settings`. */
export const AUTH_SETTINGS_KEY = 'mcp-auth';

/** A tool the target only lets a caller with `scope` call (for the insufficient-scope check). */
export const ScopedToolSchema = z.strictObject({
  /** The tool's name (the `--oauth` file's `toolScopes` gets it as a glob matching only it). */
  name: z.string().min(1),
  /** The arguments of the probe call. */
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** The scope it needs, beyond the kit's base scope. */
  scope: z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/u, 'one scope-token (RFC 6749 §3.3)'),
});

/** A scope-restricted tool of a target. */
export type ScopedTool = z.infer<typeof ScopedToolSchema>;

/** The `mcp-auth` settings. */
export const AuthSettingsSchema = z.strictObject({
  /** The scope-restricted tool, when the target has one. */
  scopedTool: ScopedToolSchema.optional(),
});

/** The `mcp-auth` settings of a target. */
export type AuthSettings = z.infer<typeof AuthSettingsSchema>;

/**
 * The `mcp-auth` settings in a target's settings (empty when absent).
 *
 * @throws ZodError when they are present and malformed.
 */
export function authSettingsOf(
  settings: Readonly<Record<string, unknown>> | undefined,
): AuthSettings {
  return AuthSettingsSchema.parse(settings?.[AUTH_SETTINGS_KEY] ?? {});
}
