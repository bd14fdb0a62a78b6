/**
 * The scenarios of the official suite that must pass on a server at each revision: the
 * protocol ones, and the listing of each capability the server declares. A baseline line may
 * never expect one of them to fail as a whole (only single fixture-only checks of it).
 *
 * @module
 */

import type { ServerCapabilities } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { SpecRevision } from './revisions.js';

/**
 * Scenarios every server must pass at each revision, whatever it declares. 2025-11-25 has the
 * handshake and `ping`; 2026-07-28 has neither (MCP 2026-07-28, Basic › Lifecycle), and adds
 * stateless serving, caching hints and the standard header checks.
 */
export const ALWAYS_REQUIRED: Readonly<Record<SpecRevision, readonly string[]>> = {
  '2025-11-25': ['server-initialize', 'ping', 'dns-rebinding-protection'],
  '2026-07-28': [
    'server-stateless',
    'caching',
    'http-header-validation',
    'dns-rebinding-protection',
  ],
};

/** The scenario that checks each declarable capability, at the revisions that have it. */
const BY_CAPABILITY: readonly (readonly [
  keyof ServerCapabilities,
  string,
  readonly SpecRevision[],
])[] = [
  ['tools', 'tools-list', ['2025-11-25', '2026-07-28']],
  // `logging/setLevel` is gone in 2026-07-28: the level travels in each request's `_meta`.
  ['logging', 'logging-set-level', ['2025-11-25']],
  ['resources', 'resources-list', ['2025-11-25', '2026-07-28']],
  ['prompts', 'prompts-list', ['2025-11-25', '2026-07-28']],
];

/**
 * The suite's scenarios of each extension, by extension identifier. The suite puts extension
 * scenarios off the revision timeline, so `--suite all --spec-version` never runs them; the
 * runner runs these one by one, at the revision, on a server that declares the extension.
 */
export const EXTENSION_SCENARIOS: Readonly<Record<string, readonly string[]>> = {
  // SEP-2640, the Skills extension (skills/list, skills/get, resources/directory/read).
  'io.modelcontextprotocol/skills': [
    'sep-2640-skills-directory',
    'sep-2640-skills-enumeration',
    'sep-2640-skills-manifest',
  ],
};

/** The extension scenarios of the extensions `capabilities` declare, sorted. */
export function extensionScenarios(capabilities: ServerCapabilities): string[] {
  const declared = Object.keys(capabilities.extensions ?? {});
  return declared.flatMap((id) => EXTENSION_SCENARIOS[id] ?? []).sort();
}

/**
 * The scenarios that must pass at `revision` on a server declaring `capabilities`, sorted:
 * the protocol ones, each declared capability's listing, and each declared extension's.
 */
export function requiredScenarios(
  capabilities: ServerCapabilities,
  revision: SpecRevision,
): string[] {
  const required = [...ALWAYS_REQUIRED[revision], ...extensionScenarios(capabilities)];
  for (const [capability, scenario, revisions] of BY_CAPABILITY) {
    if (capabilities[capability] !== undefined && revisions.includes(revision)) {
      required.push(scenario);
    }
  }
  return required.sort();
}

/**
 * Asks the server at `url` for its capabilities with an SDK client speaking `revision`: the
 * `initialize` handshake for 2025-11-25 (one session, then closed), `server/discover` pinned to
 * 2026-07-28 otherwise (no fallback: a server that cannot speak it fails here).
 */
export async function readCapabilities(
  url: URL,
  revision: SpecRevision,
): Promise<ServerCapabilities> {
  const client = new Client(
    { name: 'x-official-conformance', version: '0.1.0' },
    revision === '2025-11-25' ? {} : { versionNegotiation: { mode: { pin: revision } } },
  );
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  try {
    return client.getServerCapabilities() ?? {};
  } finally {
    if (revision === '2025-11-25') await transport.terminateSession().catch(() => {});
    await client.close();
  }
}
