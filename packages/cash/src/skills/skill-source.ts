/**
 * The Skills extension (SEP-2640) over a CaSH server's skills: a `SkillSource` for the SDK's
 * `SkillsExtension`, answering from the same skills, texts and visibility as `skill()`.
 *
 * @module
 */

import type { Resource, ServerContext } from '@modelcontextprotocol/server';
import type { Skill, SkillSource } from '@modelcontextprotocol/server/ext/skills';
import type { NamespaceNode } from '../registry.js';
import type { Scope } from '../resolve.js';
import { type CollectedSkill, collectSkills } from './collect-skills.js';
import {
  type SkillDocument,
  skillDescriptionOf,
  skillDocument,
  skillNameOf,
  skillUriOf,
} from './skill-document.js';

/** The directory of a `SKILL.md` URI, with a trailing slash. */
function directoryOf(uri: string): string {
  return uri.slice(0, -'SKILL.md'.length);
}

/** Skills whose URI passes `wanted`, rendered; a skill whose text cannot be had is left out. */
async function documents(
  skills: readonly CollectedSkill[],
  wanted: (uri: string) => boolean,
  signal: AbortSignal,
): Promise<SkillDocument[]> {
  const chosen = skills.filter((skill) => {
    const uri = skillUriOf(skill.namespace, skill.name);
    return uri !== undefined && wanted(uri);
  });
  const rendered = await Promise.all(
    chosen.map(async (skill) => {
      try {
        return skillDocument(skill, await skill.render(signal));
      } catch {
        return undefined;
      }
    }),
  );
  return rendered
    .filter((document): document is SkillDocument => document !== undefined)
    .sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
}

/**
 * The entry of `document`: its frontmatter, and as resources its own file and every other
 * `SKILL.md` below its directory (a skill nested in another one's path is part of it, SEP-2640
 * "Resources": the list is complete).
 */
function entryOf(document: SkillDocument, all: readonly SkillDocument[]): Skill {
  const directory = directoryOf(document.uri);
  const files = all.filter((other) => other === document || other.uri.startsWith(directory));
  return {
    uri: document.uri,
    frontmatter: document.frontmatter,
    resources: files.map((file) => ({ uri: file.uri, digest: file.digest, size: file.size })),
  };
}

/**
 * A `SkillSource` serving every skill `scopeOf` lets the caller see (cash-rfc §2.3), local or
 * mounted, each as one `SKILL.md` under `skill://<namespace>/<name>/SKILL.md`. Listing renders
 * each skill (a forwarded one through its upstream's `skill()`); one whose text cannot be had
 * now is left out rather than served with a wrong digest. `resources/list` names every
 * `SKILL.md` with the frontmatter's name and description (SEP-2640 "Resource Metadata").
 * No directory reads: every skill is one file, so its entry already lists its directory.
 *
 * @see SEP-2640 "Listing Skills", "Getting a Skill", "Reading Skill Content"
 */
export function createSkillSource(
  root: NamespaceNode,
  scopeOf: (signal: AbortSignal) => Scope,
): SkillSource {
  async function visible(context: ServerContext): Promise<CollectedSkill[]> {
    return (await collectSkills(root, scopeOf(context.mcpReq.signal))).skills;
  }

  return {
    async list(_params, context) {
      const all = await documents(await visible(context), () => true, context.mcpReq.signal);
      return { skills: all.map((document) => entryOf(document, all)) };
    },
    async get(uri, context) {
      const directory = directoryOf(uri);
      const under = await documents(
        await visible(context),
        (candidate) => candidate.startsWith(directory),
        context.mcpReq.signal,
      );
      const document = under.find((candidate) => candidate.uri === uri);
      return document === undefined ? undefined : entryOf(document, under);
    },
    async read(uri, context) {
      const [document] = await documents(
        await visible(context),
        (candidate) => candidate === uri,
        context.mcpReq.signal,
      );
      return document === undefined
        ? undefined
        : { text: document.text, mimeType: 'text/markdown' };
    },
    async listResources(context): Promise<Resource[]> {
      const listed: Resource[] = [];
      for (const skill of await visible(context)) {
        const uri = skillUriOf(skill.namespace, skill.name);
        const name = skillNameOf(skill.name);
        if (uri === undefined || name === undefined) continue;
        const description = skillDescriptionOf(skill.description);
        listed.push({ uri, name, description, mimeType: 'text/markdown' });
      }
      return listed.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
    },
  };
}
