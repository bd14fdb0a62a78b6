/**
 * What is behind the gateway, in a few lines: the `instructions` of gateway mode, so a model
 * knows when to browse and with which words.
 *
 * @module
 */

import { tokenize } from '@x/core/search';
import type { Catalog } from './catalog.js';

/** The most servers named; the rest are counted. */
const NAMED_SERVERS = 30;

/** The most words that say what one server's tools are about. */
const WORDS_PER_SERVER = 4;

/** Summaries by catalog: a server is made per request in the stateless era. */
const summaries = new WeakMap<Catalog, string>();

/**
 * The summary of a catalog: how many tools of how many servers, how to find one, then each
 * server (most tools first, at most 30) with its title or else the words its tool names share
 * most. Deterministic: ties by server name. Made once per catalog.
 */
export function summarizeCatalog(catalog: Catalog): string {
  let summary = summaries.get(catalog);
  if (summary === undefined) {
    summary = summarize(catalog);
    summaries.set(catalog, summary);
  }
  return summary;
}

function summarize(catalog: Catalog): string {
  const byServer = new Map<string, string[]>();
  for (const toolId of catalog.toolIds) {
    const entry = catalog.entry(toolId);
    if (entry === undefined) continue;
    const names = byServer.get(entry.upstream) ?? [];
    names.push(entry.upstreamName);
    byServer.set(entry.upstream, names);
  }
  const titles = new Map(catalog.servers.map((server) => [server.name, server.title]));
  const servers = [...byServer].sort(
    (x, y) => y[1].length - x[1].length || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0),
  );
  const lines = servers.slice(0, NAMED_SERVERS).map(([server, names]) => {
    const about = titles.get(server) ?? commonWords(names).join(', ');
    return `- ${server} (${names.length} tool${names.length === 1 ? '' : 's'}${about === '' ? '' : `: ${about}`})`;
  });
  const more = servers.length - lines.length;
  return [
    `This gateway stands in front of ${catalog.size} tools of ${byServer.size} servers. Find the tool a step needs with tool_browse(query) in plain words (a tool's name or id finds it exactly; a request of several steps gets tools for each), or tool_browse(path "/") to list them by server; run it with tool_execute.`,
    ...(lines.length === 0 ? [] : ['Servers:', ...lines]),
    ...(more > 0 ? [`and ${more} more servers.`] : []),
  ].join('\n');
}

/** The words most tool names of a server share (split as the ranker splits them). */
function commonWords(names: readonly string[]): string[] {
  const counts = new Map<string, { count: number; word: string }>();
  for (const name of names) {
    const words = name
      .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
      .split(/[^\p{L}\p{N}]+/u)
      .map((word) => word.toLowerCase())
      .filter((word) => word.length > 2 && tokenize(word).length > 0);
    for (const word of new Set(words)) {
      const known = counts.get(word);
      counts.set(word, { count: (known?.count ?? 0) + 1, word });
    }
  }
  return [...counts.values()]
    .sort((x, y) => y.count - x.count || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0))
    .slice(0, WORDS_PER_SERVER)
    .map((entry) => entry.word);
}
