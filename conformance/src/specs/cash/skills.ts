/**
 * The skills a target lists with `skill()` (cash-rfc Appendix A: "Call skill() to see
 * available task workflows"; ARCHITECTURE.md: `skill()` without a name lists them), and each
 * one fetched by the namespace and name it is listed under.
 *
 * A listed skill reads as `- **name** (`namespace`) — description`, `- **namespace.name** —
 * description`, or a JSON `{"skills": [{"name", "namespace"}]}`.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { isRecord } from '../../session/json-rpc.js';
import { parseHelpListing, parseJsonObject } from './help-listing.js';
import { callCashTool, type ToolAnswer } from './tool-answer.js';

/** At most this many listed skills are fetched. */
const MAX_FETCHED = 10;

/** A skill as listed. */
export interface ListedSkill {
  /** Its namespace path (empty: the root namespace). */
  readonly namespace: string;
  /** Its name. */
  readonly name: string;
}

/** A listed skill and what fetching it answered. */
export interface FetchedSkill {
  /** The skill. */
  readonly skill: ListedSkill;
  /** What `skill(namespace, skillname)` answered. */
  readonly answer: ToolAnswer;
}

/** The listing and the fetched skills. */
export interface SkillsRead {
  /** What `skill()` answered. */
  readonly listing: ToolAnswer;
  /** The skills it lists. */
  readonly skills: readonly ListedSkill[];
  /** The first few skills, fetched. */
  readonly fetched: readonly FetchedSkill[];
}

function splitDotted(name: string, namespace: string): ListedSkill {
  if (namespace !== '' || !name.includes('.')) return { namespace, name };
  const dot = name.lastIndexOf('.');
  return { namespace: name.slice(0, dot), name: name.slice(dot + 1) };
}

/** The skills a `skill()` answer lists. */
export function parseSkillListing(text: string): ListedSkill[] {
  const json = parseJsonObject(text);
  if (json !== undefined) {
    const items = Array.isArray(json.skills) ? (json.skills as unknown[]) : [];
    return items.flatMap((item) => {
      if (!isRecord(item) || typeof item.name !== 'string') return [];
      const namespace = typeof item.namespace === 'string' ? item.namespace : '';
      return [splitDotted(item.name, namespace)];
    });
  }
  return parseHelpListing(text)
    .entries.filter((entry) => entry.name !== '')
    .map((entry) => {
      const marker = /^\s*\(\s*`?([A-Za-z0-9_.]*)`?\s*\)/.exec(entry.afterName);
      return splitDotted(entry.name, marker?.[1] ?? '');
    });
}

/** Arguments of `skill` for a listed skill, with extra kwargs. */
export function skillArguments(
  skill: ListedSkill,
  kwargs?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return {
    ...(skill.namespace === '' ? {} : { namespace: skill.namespace }),
    skillname: skill.name,
    ...(kwargs === undefined ? {} : { kwargs }),
  };
}

async function readSkills(context: CheckContext): Promise<SkillsRead> {
  const listing = await callCashTool(context, 'skill', {});
  const skills = listing.isError ? [] : parseSkillListing(listing.text);
  const fetched: FetchedSkill[] = [];
  for (const skill of skills.slice(0, MAX_FETCHED)) {
    fetched.push({ skill, answer: await callCashTool(context, 'skill', skillArguments(skill)) });
  }
  return { listing, skills, fetched };
}

/** The skills of the target under test, read once per target. */
export function listedSkills(context: CheckContext): Promise<SkillsRead> {
  return context.memo('cash:skills', () => readSkills(context));
}
