/**
 * Groups (the progressive-disclosure groups draft, `io.modelcontextprotocol/groups`,
 * experimental) for the proxy: one group per upstream, holding that upstream's tools.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';
import { type Group, type GroupsSource, uniqueGroupNames } from '@x/core/groups';
import { firstSentence } from '@x/core/text';
import type { Upstream } from '@x/core/upstreams';
import type { DisclosureListing, HandlerExtra } from './handlers.js';

/** What the proxy's groups are made of. */
export interface ProxyGroupParts {
  /** The upstreams, in configuration order. */
  upstreams(): readonly Upstream[];
  /** The upstream of each proxied tool, by proxy name. */
  upstreamOfTools(): Promise<ReadonlyMap<string, Upstream>>;
  /** The stage-1 tools the caller of `extra` may see. */
  stageOneTools(extra: HandlerExtra): Promise<Tool[]>;
}

/** One group with what it holds. */
interface GroupEntry {
  group: Group;
  tools: Tool[];
  upstream: Upstream;
}

function describe(upstream: Upstream, count: number): string {
  const instructions = firstSentence(upstream.instructions() ?? '');
  if (instructions !== '') return instructions;
  const info = upstream.serverInfo();
  const title = info?.title ?? info?.name ?? upstream.name;
  return `Tools of the MCP server ${title} (${count} tool${count === 1 ? '' : 's'}).`;
}

/**
 * The groups of the proxy and the `tools/list` narrowing that goes with them. Each upstream
 * that has a tool the caller can see is one group, named from its namespace or server name
 * (made a valid group name, unique in configuration order), described by the first sentence of
 * its instructions or by its title and tool count. `groups/get` returns the upstream's
 * instructions and its tools in the same stage-1 form as `tools/list` (complete enough to call;
 * progressive disclosure still asks for the description before a call). For a client that
 * declared the extension on the request, `tools/list` leaves out every grouped tool; for any
 * other client it lists them all (the draft's "flatten" default). Nothing is kept per session:
 * `groups/get` changes no state.
 *
 * @see groups draft (io.modelcontextprotocol/groups, 2026-09-28): "Placement and naming",
 *   "Statelessness and activation", "Graceful Degradation"
 */
export function createProxyGroups(
  parts: ProxyGroupParts,
  declares: (extra: HandlerExtra) => boolean,
): { source: GroupsSource; listing: DisclosureListing } {
  async function grouped(extra: HandlerExtra): Promise<Map<string, GroupEntry>> {
    const upstreams = parts.upstreams();
    const names = uniqueGroupNames(
      upstreams.map((upstream) => upstream.config.namespace ?? upstream.name),
    );
    const owners = await parts.upstreamOfTools();
    const tools = await parts.stageOneTools(extra);
    const groups = new Map<string, GroupEntry>();
    upstreams.forEach((upstream, index) => {
      const own = tools.filter((tool) => owners.get(tool.name) === upstream);
      if (own.length === 0) return;
      const name = names[index] as string;
      const info = upstream.serverInfo();
      const title = info?.title ?? info?.name;
      groups.set(name, {
        group: {
          name,
          ...(title === undefined ? {} : { title }),
          description: describe(upstream, own.length),
        },
        tools: own,
        upstream,
      });
    });
    return groups;
  }

  const source: GroupsSource = {
    async list(context) {
      return [...(await grouped(context)).values()].map((entry) => entry.group);
    },
    async get(name, context) {
      const entry = (await grouped(context)).get(name);
      if (entry === undefined) return undefined;
      const instructions = entry.upstream.instructions();
      return {
        ...(instructions === undefined ? {} : { instructions }),
        contents: { tools: entry.tools },
      };
    },
  };
  return {
    source,
    listing: { hidden: (extra) => (declares(extra) ? () => true : undefined) },
  };
}
