/**
 * What every `mcp-skills` check reads first: whether the target declares the Skills extension
 * (SEP-2640 "Capability Declaration"), and its `skills/list`, every page walked, read once per
 * target over the shared raw session.
 *
 * @module
 */

import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import type { CheckContext, CheckOutcome } from '../../check.js';
import { notApplicable, skip } from '../../outcome.js';
import { describeRawError, errorOf, isRecord, type RawMessage } from '../../session/json-rpc.js';

/** At most this many `skills/list` pages are walked. */
const MAX_PAGES = 20;

/** One file of a skill entry. */
export interface SkillFileEntry {
  /** The file's resource URI. */
  readonly uri: string;
  /** `sha256:` and 64 lowercase hex digits, as the server wrote it. */
  readonly digest: string;
  /** The file's length in bytes. */
  readonly size: number;
}

/** A well-formed skill entry of `skills/list` or `skills/get`. */
export interface SkillEntry {
  /** The URI of its `SKILL.md`. */
  readonly uri: string;
  /** The frontmatter as the server rendered it. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** Its files, or `dynamic` when the server publishes no digests. */
  readonly resources: readonly SkillFileEntry[] | 'dynamic';
}

/** The listing as read: each page's result, the raw entries, and why the walk stopped early. */
export interface SkillsListing {
  /** The `result` of each page, in order. */
  readonly pages: readonly Readonly<Record<string, unknown>>[];
  /** Every entry of every page, unchecked. */
  readonly entries: readonly unknown[];
  /** Why the walk failed (an error, a result without `skills`), if it did. */
  readonly error?: string;
}

/** The extension's capability value, or undefined when the target does not declare it. */
export async function skillsCapability(
  context: CheckContext,
): Promise<Readonly<Record<string, unknown>> | undefined> {
  const session = await context.session();
  const opened = session.initializeResponse ?? session.discoverResponse;
  const result = opened === undefined ? undefined : opened.result;
  const capabilities = isRecord(result) ? result.capabilities : undefined;
  const extensions = isRecord(capabilities) ? capabilities.extensions : undefined;
  const value = isRecord(extensions) ? extensions[SKILLS_EXTENSION_ID] : undefined;
  return isRecord(value) ? value : undefined;
}

/** Whether the target declares `directoryRead: true` for the extension. */
export async function declaresDirectoryRead(context: CheckContext): Promise<boolean> {
  return (await skillsCapability(context))?.directoryRead === true;
}

/** The outcome for a target that does not declare the extension. */
export const NOT_DECLARED = notApplicable(`the server does not declare ${SKILLS_EXTENSION_ID}`);

async function walkListing(context: CheckContext): Promise<SkillsListing> {
  const session = await context.session();
  const pages: Readonly<Record<string, unknown>>[] = [];
  const entries: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const response: RawMessage = await session.request(
      'skills/list',
      cursor === undefined ? {} : { cursor },
    );
    const error = errorOf(response);
    if (error !== undefined) {
      return { pages, entries, error: `skills/list got error ${describeRawError(error)}` };
    }
    const result = response.result;
    if (!isRecord(result) || !Array.isArray(result.skills)) {
      return { pages, entries, error: 'the skills/list result has no skills array' };
    }
    pages.push(result);
    entries.push(...(result.skills as unknown[]));
    if (typeof result.nextCursor !== 'string') return { pages, entries };
    cursor = result.nextCursor;
  }
  return { pages, entries, error: `skills/list still had a nextCursor after ${MAX_PAGES} pages` };
}

/** The target's `skills/list`, every page, read once per target. */
export function skillsListing(context: CheckContext): Promise<SkillsListing> {
  return context.memo('mcp-skills:listing', () => walkListing(context));
}

function fileProblems(value: unknown, at: string): string[] {
  if (!isRecord(value)) return [`${at} is not an object`];
  const problems: string[] = [];
  if (typeof value.uri !== 'string') problems.push(`${at}.uri is not a string`);
  if (typeof value.digest !== 'string') problems.push(`${at}.digest is not a string`);
  if (typeof value.size !== 'number' || !Number.isInteger(value.size) || value.size < 0) {
    problems.push(`${at}.size is not a whole number of bytes`);
  }
  return problems;
}

/**
 * What is wrong with the shape of a skill entry (`at` names it in messages), empty when it is
 * well formed.
 */
export function entryProblems(value: unknown, at: string): string[] {
  if (!isRecord(value)) return [`${at} is not an object`];
  const problems: string[] = [];
  if (typeof value.uri !== 'string') problems.push(`${at}.uri is not a string`);
  const frontmatter = value.frontmatter;
  if (!isRecord(frontmatter)) problems.push(`${at}.frontmatter is not an object`);
  else {
    for (const field of ['name', 'description']) {
      if (typeof frontmatter[field] !== 'string') {
        problems.push(`${at}.frontmatter.${field} is not a string`);
      }
    }
  }
  const resources = value.resources;
  if (Array.isArray(resources)) {
    resources.forEach((file, index) => {
      problems.push(...fileProblems(file, `${at}.resources[${index}]`));
    });
  } else if (resources !== 'dynamic') {
    problems.push(`${at}.resources is neither a list nor "dynamic"`);
  }
  return problems;
}

/** The well-formed entries of a listing, in listing order. */
export function wellFormed(entries: readonly unknown[]): SkillEntry[] {
  return entries.filter(
    (entry, index) => entryProblems(entry, `skills[${index}]`).length === 0,
  ) as SkillEntry[];
}

/**
 * The well-formed listed skills, or the outcome to report instead: not-applicable when the
 * extension is not declared or nothing is listed, skip when the listing itself failed.
 */
export async function listedSkills(
  context: CheckContext,
): Promise<readonly SkillEntry[] | CheckOutcome> {
  if ((await skillsCapability(context)) === undefined) return NOT_DECLARED;
  const listing = await skillsListing(context);
  if (listing.error !== undefined) {
    return skip(`skills/list could not be read (see skills.list.result): ${listing.error}`);
  }
  const skills = wellFormed(listing.entries);
  if (skills.length > 0) return skills;
  return listing.entries.length === 0
    ? notApplicable('skills/list lists no skill')
    : skip('skills/list has no well-formed entry (see skills.list.result)');
}

/** The directory of a `SKILL.md` URI, without a trailing slash (SEP-2640 "Resource Mapping"). */
export function skillRoot(uri: string): string | undefined {
  return uri.endsWith('/SKILL.md') ? uri.slice(0, -'/SKILL.md'.length) : undefined;
}
