/**
 * The `include` / `exclude` tool lists of a server entry.
 *
 * @module
 */
import type { UpstreamConfig } from './config-schema.js';

/** Whether a tool is exposed: in `include` (when given) and not in `exclude`. Exact names. */
export function isToolExposed(name: string, config: UpstreamConfig): boolean {
  if (config.include !== undefined && !config.include.includes(name)) {
    return false;
  }
  return config.exclude === undefined || !config.exclude.includes(name);
}

/** The exposed tools, in the upstream's order. */
export function filterTools<T extends { name: string }>(
  tools: readonly T[],
  config: UpstreamConfig,
): T[] {
  return tools.filter((tool) => isToolExposed(tool.name, config));
}
