/**
 * The `x-gateway` section of the configuration file: the gateway's own settings, beside
 * `mcpServers` in the same file (other top-level keys belong to other tools and are ignored).
 *
 * @module
 */

import { isAbsolute } from 'node:path';
import { CoreError } from '@x/core';
import { type EmbeddingProviderConfig, EmbeddingProviderConfigSchema } from '@x/core/embeddings';
import { SessionStoreConfigSchema } from '@x/core/sessions';
import { UpstreamPoolConfigSchema } from '@x/core/upstreams';
import {
  CacheStableOptionsSchema,
  GroupsOptionsSchema,
  PrimitivesOptionsSchema,
  RefreshOptionsSchema,
} from '@x/gateway';
import { ArtifactsConfigSchema } from '@x/gateway/artifacts';
import { type GatewayControlsOptions, GatewayControlsOptionsSchema } from '@x/gateway/controls';
import { z } from 'zod';

/** The top-level key of the gateway's settings in the configuration file. */
export const GATEWAY_CONFIG_KEY = 'x-gateway';

/**
 * The `x-gateway` section: every field optional, unknown fields refused. The dispatch controls
 * of gateway-surface §4.4 and §4.5 (`schemaTrust`, `tolerantArgs`, `retry`, `cache`, `dryRun`,
 * `rateLimits`), then `cacheStable` (§5), `refresh` (§4.6) and `primitives` (§9), then where
 * per-caller state lives (`sessionStore`), the bounds of artifacts (`artifacts`) and hybrid
 * ranking (`embeddings`).
 */
export const GatewayConfigSchema = GatewayControlsOptionsSchema.extend({
  /** Cache-stable browsing (§5). */
  cacheStable: CacheStableOptionsSchema.optional(),
  /** Catalog refresh: duplicate raw names across upstreams of one namespace (§4.6). */
  refresh: RefreshOptionsSchema.optional(),
  /** Resources and prompts (§9). */
  primitives: PrimitivesOptionsSchema.optional(),
  /** Experimental: the groups draft's groups/list and groups/get, one group per namespace. */
  groups: GroupsOptionsSchema.optional(),
  /** How the upstreams start: `maxParallelStarts` at once, each within `connectTimeoutMs`. */
  upstreams: UpstreamPoolConfigSchema.optional(),
  /** Where per-caller state lives (`{ "redis": "redis://HOST:PORT" }` to share it); HTTP only. */
  sessionStore: SessionStoreConfigSchema.optional(),
  /** Bounds of each session's artifacts, and the shared directory for large ones. */
  artifacts: ArtifactsConfigSchema.optional(),
  /**
   * The embedding model of hybrid `tool_browse(query)`: default the in-process sentence encoder
   * (`{ "local": "sentence-encoder" }`); an OpenAI-compatible server or an ONNX model folder
   * instead; `false` turns hybrid ranking off.
   */
  embeddings: z
    .unknown()
    .transform((value, context): EmbeddingProviderConfig | false => {
      if (value === false) return false;
      // Parsed apart from `false`, so a wrong field is named rather than "invalid input".
      const parsed = EmbeddingProviderConfigSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) context.addIssue(issue as never);
      return z.NEVER;
    })
    .optional(),
  /** Which ranking answers a query: `auto` (default), or pinned `lexical` or `hybrid`. */
  ranking: z.enum(['auto', 'lexical', 'hybrid']).optional(),
  /**
   * Where tool vectors persist: an absolute folder, or `false` for memory only; default the
   * user's cache folder (the Redis store instead when `sessionStore` is Redis).
   */
  vectorCache: z
    .union([z.string().refine(isAbsolute, 'an absolute folder path'), z.literal(false)])
    .optional(),
});

/** A parsed `x-gateway` section, defaults filled in. */
export type GatewayConfig = ReturnType<typeof GatewayConfigSchema.parse>;

/** Formats an issue path as `x-gateway.rateLimits.tools["kv:get"].maxCallsPerMinute`. */
function fieldOf(path: readonly PropertyKey[]): string {
  let text = GATEWAY_CONFIG_KEY;
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(String(segment))) text += `.${String(segment)}`;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

/**
 * Parses the `x-gateway` section of a parsed configuration file (absent: every default, so
 * every control off).
 *
 * @throws CoreError `CONFIG_INVALID` whose message starts with `source` and names each wrong
 * field, as in `mcp.json: field "x-gateway.retry.maxAttempts": Too big: expected number to be <=10`.
 */
export function parseGatewayConfig(config: Record<string, unknown>, source: string): GatewayConfig {
  const result = GatewayConfigSchema.safeParse(config[GATEWAY_CONFIG_KEY] ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          field: fieldOf([...issue.path, key]),
          message: 'unknown field',
        }))
      : [{ field: fieldOf(issue.path), message: issue.message }],
  );
  const shown = problems
    .slice(0, 3)
    .map((problem) => `field "${problem.field}": ${problem.message}`)
    .join('; ');
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
  throw new CoreError({
    code: 'CONFIG_INVALID',
    message: `${source}: ${shown}${more}`,
    data: { source, problems },
  });
}

/**
 * The dispatch-control blocks of a parsed section (§4.4, §4.5), without `cacheStable`, `refresh`,
 * `primitives`, `groups`, `embeddings` and `upstreams`, which `createGatewayControls` refuses as unknown
 * fields.
 */
export function controlsOptionsOf(config: GatewayConfig): GatewayControlsOptions {
  const {
    cacheStable: _cacheStable,
    refresh: _refresh,
    primitives: _primitives,
    groups: _groups,
    embeddings: _embeddings,
    ranking: _ranking,
    vectorCache: _vectorCache,
    upstreams: _upstreams,
    ...controls
  } = config;
  return controls;
}

/** Whether the section turns on any control of the `tool_execute` path (all but schema trust). */
export function hasDispatchControls(config: GatewayConfig): boolean {
  return (
    config.tolerantArgs === true ||
    config.retry !== undefined ||
    config.cache !== undefined ||
    config.dryRun === true ||
    config.rateLimits !== undefined
  );
}
