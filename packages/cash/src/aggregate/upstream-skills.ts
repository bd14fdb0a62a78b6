/**
 * An MCP upstream's own skills (the Skills extension, SEP-2640) as CaSH skills of its mount:
 * labels from the frontmatter names, texts read from the upstream and checked against its
 * entries before use, executable content dropped (cash-rfc §4.3).
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ReadResourceResult } from '@modelcontextprotocol/server';
import type { Skill } from '@modelcontextprotocol/server/ext/skills';
import { CashError } from '../errors.js';
import type { CashSkill } from '../mount.js';
import { normalizeLabel, toLabel } from '../names.js';
import { splitFrontmatter, stripExecutableContent } from '../skills/skill-files.js';

/** What reading one skill file needs of the upstream. */
export type ReadSkillFile = (uri: string, signal: AbortSignal) => Promise<ReadResourceResult>;

function refused(uri: string, why: string): CashError {
  return new CashError({
    code: 'UPSTREAM_ERROR',
    message: `the upstream's skill ${uri} failed verification: ${why}; not used (SEP-2640 "Integrity and Verification")`,
    data: { uri },
  });
}

function fileBytes(result: ReadResourceResult, uri: string): { bytes: Buffer; text: string } {
  const content = result.contents.find((item) => item.uri === uri) ?? result.contents[0];
  if (content === undefined) throw refused(uri, 'the read returned no content');
  if ('text' in content) return { bytes: Buffer.from(content.text, 'utf8'), text: content.text };
  const bytes = Buffer.from(content.blob, 'base64');
  return { bytes, text: bytes.toString('utf8') };
}

/**
 * Checks a `SKILL.md` read from the upstream against its entry, as a host must: size and
 * digest when the entry lists its files (not for `"dynamic"` ones), and the frontmatter field
 * by field. Returns the markdown body.
 *
 * @throws CashError `UPSTREAM_ERROR` naming the check that failed.
 * @see SEP-2640 "Verification on Read", "Frontmatter Verification"
 */
export function verifiedBody(entry: Skill, result: ReadResourceResult): string {
  const { bytes, text } = fileBytes(result, entry.uri);
  if (entry.resources !== 'dynamic') {
    const listed = entry.resources.find((resource) => resource.uri === entry.uri);
    if (listed === undefined) throw refused(entry.uri, 'its SKILL.md is not in its resources');
    if (bytes.byteLength !== listed.size) {
      throw refused(entry.uri, `${bytes.byteLength} bytes, the entry says ${listed.size}`);
    }
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    if (digest !== listed.digest) throw refused(entry.uri, 'its digest differs from the entry');
  }
  let split: ReturnType<typeof splitFrontmatter>;
  try {
    split = splitFrontmatter(text.replace(/^\uFEFF/, ''), entry.uri);
  } catch (error) {
    throw refused(entry.uri, (error as Error).message);
  }
  if (!isDeepStrictEqual(split.data, { ...entry.frontmatter })) {
    throw refused(entry.uri, 'its frontmatter differs from the entry');
  }
  return split.body;
}

function skillPath(uri: string): string {
  return uri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/SKILL\.md$/, '');
}

/**
 * Labels for the entries: the frontmatter name made a label (`git-workflow` gives
 * `git_workflow`); names that collide within the listing get their whole skill path instead
 * (`acme/billing/refunds` gives `acme_billing_refunds`), then `_2`, `_3`... in URI order, so
 * none is dropped or preferred silently (SEP-2640 "Names").
 */
function labelSkills(entries: readonly Skill[]): Array<[string, Skill]> {
  const sorted = [...entries].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  const byName = new Map<string, number>();
  for (const entry of sorted) {
    const key = normalizeLabel(toLabel(entry.frontmatter.name) ?? '');
    byName.set(key, (byName.get(key) ?? 0) + 1);
  }
  const used = new Set<string>();
  const labelled: Array<[string, Skill]> = [];
  for (const entry of sorted) {
    const own = toLabel(entry.frontmatter.name);
    const unique = own !== undefined && byName.get(normalizeLabel(own)) === 1;
    const base = unique ? own : toLabel(skillPath(entry.uri));
    if (base === undefined) continue;
    let label = base;
    for (let suffix = 2; used.has(normalizeLabel(label)); suffix += 1) label = `${base}_${suffix}`;
    used.add(normalizeLabel(label));
    labelled.push([label, entry]);
  }
  return labelled;
}

function supportingNote(entry: Skill): string | undefined {
  if (entry.resources === 'dynamic' || entry.resources.length <= 1) return undefined;
  const count = entry.resources.length - 1;
  return `_The upstream's skill also has ${count} supporting file${count === 1 ? '' : 's'}, not served here: CaSH skills are text only (cash-rfc §4.3)._`;
}

/**
 * The upstream's skills as CaSH skills. Each renders by reading its `SKILL.md` from the
 * upstream, verifying it against the entry ({@link verifiedBody}) and dropping executable
 * content; supporting files are not served, and a closing line says so.
 */
export function upstreamSkills(entries: readonly Skill[], read: ReadSkillFile): CashSkill[] {
  return labelSkills(entries).map(([label, entry]) => ({
    label,
    description: entry.frontmatter.description.trim().replace(/\s+/g, ' ') || label,
    tags: [],
    async render(_kwargs, signal) {
      const body = stripExecutableContent(verifiedBody(entry, await read(entry.uri, signal)));
      const note = supportingNote(entry);
      return [body.trim(), ...(note === undefined ? [] : [note])].join('\n\n');
    },
  }));
}
