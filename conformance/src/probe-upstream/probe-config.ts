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

/**
 * Writes `mcp-probes.json` into `directory`, one stdio probe upstream per label, and returns
 * its path; `sections` are further top-level members (an app's own block, say). Synchronous,
 * so a target's temporary-directory callback can call it.
 */
export function writeProbeConfig(
  directory: string,
  labels: readonly string[],
  sections: Readonly<Record<string, unknown>> = {},
): string {
  const servers = Object.fromEntries(
    labels.map((label) => [label, { command: process.execPath, args: [PROBE_UPSTREAM_CLI] }]),
  );
  const path = join(directory, 'mcp-probes.json');
  writeFileSync(path, `${JSON.stringify({ mcpServers: servers, ...sections }, null, 2)}\n`);
  return path;
}
