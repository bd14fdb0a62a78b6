/**
 * Groups (the progressive-disclosure groups draft, `io.modelcontextprotocol/groups`,
 * 2026-09-28, experimental) over the gateway's catalog: one group per namespace (upstream).
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { type GetGroupResult, type Group, uniqueGroupNames } from '@x/core/groups';
import type { Catalog } from '../browse/catalog.js';
import type { ChoiceCard } from '../cards/choice-card.js';

/** The most tool lines a gateway-mode group's instructions name before pointing at browse. */
const MAX_LISTED = 50;

/** One namespace of the catalog as a group. */
interface NamespaceGroup {
  group: Group;
  namespace: string;
  cards: ChoiceCard[];
}

/** The namespaces of `catalog` in id order, each as a group with a unique draft-valid name. */
export function namespaceGroups(catalog: Catalog): Map<string, NamespaceGroup> {
  const byNamespace = new Map<string, ChoiceCard[]>();
  for (const card of catalog.cards()) {
    const cards = byNamespace.get(card.namespace) ?? [];
    cards.push(card);
    byNamespace.set(card.namespace, cards);
  }
  const namespaces = [...byNamespace.keys()];
  const names = uniqueGroupNames(namespaces);
  const groups = new Map<string, NamespaceGroup>();
  namespaces.forEach((namespace, index) => {
    const cards = byNamespace.get(namespace) ?? [];
    const name = names[index] as string;
    const count = `${cards.length} tool${cards.length === 1 ? '' : 's'}`;
    groups.set(name, {
      group: { name, title: namespace, description: `The tools of ${namespace} (${count}).` },
      namespace,
      cards,
    });
  });
  return groups;
}

/**
 * A gateway-mode group's payload: instructions only (a knowledge bundle), since its tools are
 * reached through the top-level meta-tools, which the draft lets instructions name: the tool
 * ids with their one-liners (the first {@link MAX_LISTED}), then how to read and run them.
 */
export function gatewayGroupPayload(entry: NamespaceGroup): GetGroupResult {
  const lines = entry.cards
    .slice(0, MAX_LISTED)
    .map((card) => `- \`${card.id}\` — ${card.description}`);
  const more = entry.cards.length - MAX_LISTED;
  if (more > 0) lines.push(`- … and ${more} more: \`tool_browse(path="/${entry.namespace}")\``);
  return {
    instructions: [
      `# ${entry.namespace}`,
      lines.join('\n'),
      `Run one with \`tool_execute(tool_id, args)\`; its card and schema come with \`tool_browse(path="/${entry.namespace}")\`, and large results with \`tool_view\`.`,
    ].join('\n\n'),
  };
}

/**
 * A proxy-mode group's payload: the namespace's entries exactly as `tools/list` would list them
 * (`tools`), which a client that declared the extension no longer sees in `tools/list`.
 */
export function proxyGroupPayload(
  entry: NamespaceGroup,
  listed: readonly Tool[],
  toolIdOf: (name: string) => string | undefined,
): GetGroupResult {
  const ids = new Set(entry.cards.map((card) => card.id));
  return {
    contents: { tools: listed.filter((tool) => ids.has(toolIdOf(tool.name) ?? '')) },
  };
}
