/**
 * The scenarios of the official suite that must pass on a server: the protocol ones, and the
 * listing of each capability the server declares. They may never sit in the baseline.
 *
 * @module
 */

import type { ServerCapabilities } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** Scenarios every server must pass, whatever it declares. */
export const ALWAYS_REQUIRED: readonly string[] = [
  'server-initialize',
  'ping',
  'dns-rebinding-protection',
];

/** The scenario that checks each declarable capability. */
const BY_CAPABILITY: readonly (readonly [keyof ServerCapabilities, string])[] = [
  ['tools', 'tools-list'],
  ['logging', 'logging-set-level'],
  ['resources', 'resources-list'],
  ['prompts', 'prompts-list'],
];

/** The scenarios that must pass on a server declaring `capabilities`, sorted. */
export function requiredScenarios(capabilities: ServerCapabilities): string[] {
  const required = [...ALWAYS_REQUIRED];
  for (const [capability, scenario] of BY_CAPABILITY) {
    if (capabilities[capability] !== undefined) required.push(scenario);
  }
  return required.sort();
}

/** Asks the server at `url` for its capabilities with an SDK client (one session, then closed). */
export async function readCapabilities(url: URL): Promise<ServerCapabilities> {
  const client = new Client({ name: 'x-official-conformance', version: '0.1.0' });
  const transport = new StreamableHTTPClientTransport(url);
  await client.connect(transport);
  try {
    return client.getServerCapabilities() ?? {};
  } finally {
    await transport.terminateSession().catch(() => {});
    await client.close();
  }
}
