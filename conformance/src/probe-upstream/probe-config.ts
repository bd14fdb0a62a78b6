/**
 * An `mcpServers` configuration of conformance probe upstreams, for the reference targets that
 * run a gateway or an aggregator in front of them: each label its own probe process.
 *
 * @module
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built probe executable, `dist/probe-upstream-cli.js` of this package (two levels above
 * `src/probe-upstream/` or `dist/probe-upstream/`), so the tests, which run the sources, start it too.
 */
export const PROBE_UPSTREAM_CLI = fileURLToPath(
  new URL('../../dist/probe-upstream-cli.js', import.meta.url),
);

/** The labels the reference targets give their two probe upstreams. */
export const PROBE_LABELS = ['probea', 'probeb'] as const;

/** The label the CaSH reference target gives the probe's CaSH face (its skill). */
export const PROBE_SKILL_LABEL = 'probeskills';

/** Options of {@link writeProbeConfig}. */
export interface ProbeConfigOptions {
  /** Labels of probe upstreams that serve the CaSH face (`--cash`) with the probe skill. */
  readonly cashLabels?: readonly string[];
  /** Further top-level members of the configuration (an app's own block, say). */
  readonly sections?: Readonly<Record<string, unknown>>;
}

/**
 * Writes `mcp-probes.json` into `directory`, one stdio probe upstream per label (and one CaSH
 * face per `cashLabels` label), and returns its path. Synchronous, so a target's
 * temporary-directory callback can call it.
 */
export function writeProbeConfig(
  directory: string,
  labels: readonly string[],
  options: ProbeConfigOptions = {},
): string {
  const server = (args: readonly string[]) => ({
    command: process.execPath,
    args: [PROBE_UPSTREAM_CLI, ...args],
  });
  const servers = Object.fromEntries([
    ...labels.map((label) => [label, server([])]),
    ...(options.cashLabels ?? []).map((label) => [label, server(['--cash'])]),
  ]);
  const path = join(directory, 'mcp-probes.json');
  const config = { mcpServers: servers, ...options.sections };
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}
