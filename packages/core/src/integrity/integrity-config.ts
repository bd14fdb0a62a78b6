/**
 * The `integrity` section of a configuration file.
 *
 * @module
 */
import { z } from 'zod';
import { CoreError } from '../errors.js';
import { UpstreamNameSchema } from '../upstreams/config-schema.js';

/** The top-level key of the integrity settings, beside `mcpServers` in the same file. */
export const INTEGRITY_CONFIG_KEY = 'integrity';

const SwitchesShape = {
  /** `false` turns integrity off (for every server, or for this one). Default `true`. */
  enabled: z.boolean().optional(),
  /**
   * `true` accepts a changed tool as its new trusted version instead of quarantining it (the
   * change is still reported). Findings of the detector still quarantine. Default `false`.
   */
  acceptChanges: z.boolean().optional(),
};

/** One server's overrides of the section's switches. */
export const ServerIntegrityConfigSchema = z.strictObject(SwitchesShape);

/**
 * `"integrity": { "enabled"?, "acceptChanges"?, "servers"?: { "<server>": { ... } } }`. A server's
 * entry overrides the section's switches for that server; unknown fields are refused.
 */
export const IntegrityConfigSchema = z.strictObject({
  ...SwitchesShape,
  /** Per-server overrides, by server name. */
  servers: z.record(UpstreamNameSchema, ServerIntegrityConfigSchema).optional(),
});

/** A parsed `integrity` section. */
export type IntegrityConfig = z.infer<typeof IntegrityConfigSchema>;

/** The switches that apply to one server, defaults filled in. */
export interface ServerIntegritySettings {
  /** Whether the server's tools are screened at all. */
  readonly enabled: boolean;
  /** Whether a changed tool becomes the trusted version without approval. */
  readonly acceptChanges: boolean;
}

/**
 * Reads the `integrity` section of a parsed configuration file; `undefined` when the file has
 * none (integrity is then off: see the package README for why it is opt-in).
 *
 * @throws CoreError `CONFIG_INVALID` starting with `source` and naming the wrong field.
 */
export function parseIntegrityConfig(
  config: Record<string, unknown>,
  source: string,
): IntegrityConfig | undefined {
  const section = config[INTEGRITY_CONFIG_KEY];
  if (section === undefined) return undefined;
  const parsed = IntegrityConfigSchema.safeParse(section);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const keys = issue?.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [INTEGRITY_CONFIG_KEY, ...(issue?.path ?? []).map(String), ...keys.slice(0, 1)];
  const message = keys.length > 0 ? 'unknown field' : (issue?.message ?? 'invalid');
  throw new CoreError({
    code: 'CONFIG_INVALID',
    message: `${source}: field "${path.join('.')}": ${message}`,
    data: { source, field: path.join('.') },
  });
}

/** The switches of one server: its entry over the section's, over the defaults. */
export function serverIntegritySettings(
  config: IntegrityConfig,
  server: string,
): ServerIntegritySettings {
  const own = config.servers?.[server];
  return {
    enabled: (config.enabled ?? true) && (own?.enabled ?? true),
    acceptChanges: own?.acceptChanges ?? config.acceptChanges ?? false,
  };
}
