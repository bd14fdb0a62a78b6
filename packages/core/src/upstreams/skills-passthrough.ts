/**
 * The skills of many upstreams (the Skills extension, SEP-2640) served again by one proxy: a
 * `SkillSource` for the SDK's `SkillsExtension` that lists every upstream's skills, each under
 * its upstream's prefix, and forwards `skills/get`, `resources/read` and directory reads.
 *
 * @module
 */

import type { Resource } from '@modelcontextprotocol/server';
import type { Skill, SkillReadResult, SkillSource } from '@modelcontextprotocol/server/ext/skills';
import { CoreError } from '../errors.js';
import { skillsSupport } from './upstream-skills.js';
import type { Upstream } from './upstream-types.js';

/** Options of {@link createSkillsPassthrough}. */
export interface SkillsPassthroughOptions {
  /**
   * Put each upstream's prefix (its `namespace`, else its name) in front of its skills' paths:
   * `skill://git-workflow/SKILL.md` of `docs` becomes `skill://docs/git-workflow/SKILL.md`
   * (default true). Without it URIs pass unchanged and the first upstream in order wins a URI
   * two of them serve.
   */
  prefix?: boolean;
}

const SKILL_SCHEME = 'skill://';
const DIRECTORY_MIME_TYPE = 'inode/directory';

/**
 * Whether any of `upstreams` declared the Skills extension at its latest connect: a proxy
 * declares the extension itself only then, since a server that declares it commits to serving
 * skills (an upstream not connected yet counts as not declaring it).
 */
export function anyDeclaresSkills(upstreams: readonly Upstream[]): boolean {
  return upstreams.some((upstream) => skillsSupport(upstream.serverCapabilities()).skills);
}

/** Where a URI the proxy serves comes from. */
interface Origin {
  upstream: Upstream;
  uri: string;
}

function compareUris(a: { uri: string }, b: { uri: string }): number {
  return a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0;
}

function prefixOf(upstream: Upstream): string {
  return upstream.config.namespace ?? upstream.name;
}

/** `scheme://rest` as served: `skill://<prefix>/rest` (other schemes keep theirs: `skill://<prefix>/<scheme>/rest`). */
function proxiedUri(upstream: Upstream, uri: string, prefix: boolean): string {
  if (!prefix) return uri;
  const at = uri.indexOf('://');
  if (at <= 0) return uri;
  const scheme = uri.slice(0, at);
  const rest = uri.slice(at + 3);
  const path = scheme === 'skill' ? rest : `${scheme}/${rest}`;
  return `${SKILL_SCHEME}${prefixOf(upstream)}/${path}`;
}

function rewriteEntry(upstream: Upstream, entry: Skill, prefix: boolean): Skill {
  const uri = (value: string) => proxiedUri(upstream, value, prefix);
  return {
    ...entry,
    uri: uri(entry.uri),
    resources:
      entry.resources === 'dynamic'
        ? 'dynamic'
        : entry.resources.map((resource) => ({ ...resource, uri: uri(resource.uri) })),
  };
}

/** The rpc code of an upstream's JSON-RPC error, if that is what `error` is. */
function rpcCode(error: unknown): unknown {
  return CoreError.isInstance(error) ? (error.data as { rpcCode?: unknown })?.rpcCode : undefined;
}

/**
 * A `SkillSource` over the skills of `upstreams()` (read on each request, so upstreams added
 * later count). Listing asks every upstream that declares the extension at once and leaves out
 * one that fails; each skill's entry keeps its frontmatter, digests and sizes (the files pass
 * through byte for byte) with its URIs rewritten (see {@link SkillsPassthroughOptions.prefix}).
 * A URI the proxy has not listed yet is mapped back by its prefix. `skills/get` of an unknown
 * skill answers -32602 as the upstream did; directory reads are answered from the entry's
 * file list, or forwarded to an upstream that declares `directoryRead` (a `"dynamic"` skill).
 *
 * @see SEP-2640 (Skills extension, stable revision for 2026-07-28); its security section on
 *   intermediaries: digests are not a trust anchor, and a proxy does not make them one
 */
export function createSkillsPassthrough(
  upstreams: () => readonly Upstream[],
  options: SkillsPassthroughOptions = {},
): SkillSource {
  const prefix = options.prefix ?? true;
  const origins = new Map<string, Origin>();
  const entries = new Map<string, { upstream: Upstream; skill: Skill }>();

  function remember(upstream: Upstream, original: Skill, served: Skill): void {
    entries.set(served.uri, { upstream, skill: served });
    origins.set(served.uri, { upstream, uri: original.uri });
    const own = original.resources;
    if (served.resources === 'dynamic' || own === 'dynamic') return;
    served.resources.forEach((resource, index) => {
      const from = own[index];
      if (from !== undefined) origins.set(resource.uri, { upstream, uri: from.uri });
    });
  }

  /** The upstream and its own URI for a URI the proxy serves. */
  function originOf(uri: string): Origin | undefined {
    const known = origins.get(uri);
    if (known !== undefined) return known;
    for (const upstream of upstreams()) {
      if (!prefix) return { upstream, uri };
      const head = `${SKILL_SCHEME}${prefixOf(upstream)}/`;
      if (uri.startsWith(head))
        return { upstream, uri: `${SKILL_SCHEME}${uri.slice(head.length)}` };
    }
    return undefined;
  }

  async function listAll(signal: AbortSignal): Promise<Skill[]> {
    const all = upstreams();
    const outcomes = await Promise.allSettled(
      all.map((upstream) => upstream.listSkills({ signal })),
    );
    const served = new Map<string, Skill>();
    outcomes.forEach((outcome, index) => {
      const upstream = all[index] as Upstream;
      if (outcome.status !== 'fulfilled') return;
      for (const original of outcome.value) {
        const entry = rewriteEntry(upstream, original, prefix);
        if (served.has(entry.uri)) continue;
        served.set(entry.uri, entry);
        remember(upstream, original, entry);
      }
    });
    return [...served.values()].sort(compareUris);
  }

  function childrenFromEntry(directory: string): Resource[] | undefined {
    for (const { skill } of entries.values()) {
      const root = skill.uri.slice(0, -'/SKILL.md'.length);
      if (
        skill.resources === 'dynamic' ||
        !(directory === root || directory.startsWith(`${root}/`))
      ) {
        continue;
      }
      const children = new Map<string, Resource>();
      for (const resource of skill.resources) {
        if (!resource.uri.startsWith(`${directory}/`)) continue;
        const [name, ...deeper] = resource.uri.slice(directory.length + 1).split('/');
        if (name === undefined || name === '') continue;
        const uri = `${directory}/${name}`;
        children.set(
          uri,
          deeper.length === 0
            ? { uri, name, size: resource.size }
            : { uri, name, mimeType: DIRECTORY_MIME_TYPE },
        );
      }
      if (children.size > 0) return [...children.values()].sort(compareUris);
    }
    return undefined;
  }

  return {
    async list(_params, context) {
      return { skills: await listAll(context.mcpReq.signal) };
    },
    async get(uri, context) {
      const origin = originOf(uri);
      if (origin === undefined) return undefined;
      try {
        const original = await origin.upstream.getSkill(origin.uri, {
          signal: context.mcpReq.signal,
        });
        const served = rewriteEntry(origin.upstream, original, prefix);
        remember(origin.upstream, original, served);
        return served;
      } catch (error) {
        if (rpcCode(error) === -32602) return undefined;
        if (CoreError.isInstance(error) && error.code === 'INVALID_ARGUMENT') return undefined;
        throw error;
      }
    },
    async read(uri, context): Promise<SkillReadResult | undefined> {
      const origin = originOf(uri);
      if (origin === undefined) return undefined;
      let result: Awaited<ReturnType<Upstream['readResource']>>;
      try {
        result = await origin.upstream.readResource(origin.uri, { signal: context.mcpReq.signal });
      } catch (error) {
        if (rpcCode(error) === -32602 || rpcCode(error) === -32002) return undefined;
        throw error;
      }
      const [content] = result.contents;
      if (content === undefined) return undefined;
      const mimeType = content.mimeType === undefined ? {} : { mimeType: content.mimeType };
      return 'text' in content
        ? { text: content.text, ...mimeType }
        : { bytes: new Uint8Array(Buffer.from(content.blob, 'base64')), ...mimeType };
    },
    async readDirectory(uri, _params, context) {
      if (entries.size === 0) await listAll(context.mcpReq.signal);
      const fromEntry = childrenFromEntry(uri);
      if (fromEntry !== undefined) return { resources: fromEntry };
      const origin = originOf(uri);
      if (origin === undefined) return undefined;
      try {
        const children = await origin.upstream.readResourceDirectory(origin.uri, {
          signal: context.mcpReq.signal,
        });
        return {
          resources: children.map((child) => ({
            ...child,
            uri: proxiedUri(origin.upstream, child.uri, prefix),
          })),
        };
      } catch (error) {
        if (rpcCode(error) === -32602) return undefined;
        if (CoreError.isInstance(error) && error.code === 'INVALID_ARGUMENT') return undefined;
        throw error;
      }
    },
    async listResources(context) {
      return (await listAll(context.mcpReq.signal)).map((skill) => ({
        uri: skill.uri,
        name: skill.frontmatter.name,
        description: skill.frontmatter.description,
        mimeType: 'text/markdown',
      }));
    },
  };
}
