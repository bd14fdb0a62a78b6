/**
 * A catalog shaped like LiveMCPBench's (527 tools of 70 real MCP servers): the three reference
 * servers' captured `tools/list` answers, and generated servers with the traits that make exact
 * names hard: a name served by several servers (`search` four times, `read_file`,
 * `list_directory`), snake_case, camelCase, kebab-case and dotted names, plain-word names,
 * descriptions in Chinese, and long descriptions that repeat other tools' names. Deterministic.
 */

import { readFileSync } from 'node:fs';
import type { CatalogSource } from '../../src/browse/catalog.js';

interface CapturedServer {
  readonly tools: { name: string; description?: string; inputSchema: object }[];
}

const CAPTURED = JSON.parse(
  readFileSync(new URL('../fixtures/reference-server-tools.json', import.meta.url), 'utf8'),
) as { servers: Record<string, CapturedServer> };

/** Verbs and objects real servers name their tools after. */
const VERBS = [
  'get',
  'list',
  'create',
  'update',
  'delete',
  'search',
  'fetch',
  'read',
  'write',
  'run',
];
const OBJECTS = [
  'issue',
  'file',
  'page',
  'event',
  'message',
  'user',
  'repo',
  'table',
  'row',
  'note',
  'task',
  'image',
  'video',
  'price',
  'weather',
  'directory',
  'commit',
  'query',
  'chart',
  'report',
];
/** Names several servers share. */
const SHARED = [
  'search',
  'search',
  'search',
  'search',
  'read_file',
  'list_directory',
  'fetch',
  'run_query',
];
const CHINESE = ['使用必应搜索指定的关键词', '根据提供的ID获取对应网页的内容', '返回搜索结果列表'];

/** Deterministic pseudo-random numbers (a linear congruential generator). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function styled(verb: string, object: string, style: number): string {
  if (style === 0) return `${verb}_${object}`;
  if (style === 1) return `${verb}${object[0]?.toUpperCase()}${object.slice(1)}`;
  if (style === 2) return `${verb}-${object}`;
  if (style === 3) return `${object}.${verb}`;
  return object;
}

/** The sources of the catalog: 3 captured servers and 67 generated ones. */
export function realisticCatalog(): CatalogSource[] {
  const random = sequence(29);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sources: CatalogSource[] = Object.entries(CAPTURED.servers).map(([upstream, server]) => ({
    upstream,
    tools: server.tools,
  }));
  for (let server = 0; sources.length < 70; server += 1) {
    const names = new Set<string>();
    if (server < SHARED.length) names.add(SHARED[server] as string);
    const count = 4 + Math.floor(random() * 8);
    while (names.size < count)
      names.add(styled(pick(VERBS), pick(OBJECTS), Math.floor(random() * 5)));
    const tools = [...names].map((name, index) => ({
      name,
      description:
        index % 9 === 4
          ? `${pick(CHINESE)}，${pick(CHINESE)}`
          : `${name.replace(/[_.-]/g, ' ')} for the ${pick(OBJECTS)} service; use ${pick(VERBS)}_${pick(OBJECTS)} first to find ids, then ${pick(VERBS)} the ${pick(OBJECTS)}.`,
      inputSchema: {
        type: 'object',
        properties: { [pick(OBJECTS)]: { type: 'string', description: `the ${pick(OBJECTS)}` } },
      },
    }));
    sources.push({ upstream: `server-${String(server).padStart(2, '0')}-${pick(OBJECTS)}`, tools });
  }
  return sources;
}
