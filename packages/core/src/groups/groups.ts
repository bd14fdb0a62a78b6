/**
 * The wire shapes of the progressive-disclosure groups draft (`io.modelcontextprotocol/groups`,
 * "SEP-XXXX: Progressive Disclosure via Groups", Draft created 2026-09-28, in the
 * modelcontextprotocol/progressive-disclosure-wg repository, seps/0000-progressive-disclosure-groups.md).
 * Experimental: the draft may change before it is a SEP.
 *
 * @module
 */

import type { Prompt, Resource, Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** The extension identifier, in `capabilities.extensions` (draft "Extension negotiation"). */
export const GROUPS_EXTENSION_ID = 'io.modelcontextprotocol/groups';
/** Lists the groups (lightweight metadata, paginated). */
export const GROUPS_LIST_METHOD = 'groups/list';
/** Fetches one group's instructions and scoped primitives; stateless. */
export const GROUPS_GET_METHOD = 'groups/get';
/** The error code of `groups/get` for an unknown group (draft: "Resource not found"). */
export const GROUP_NOT_FOUND = -32002;

/** The draft's group-name rule: 1-64 lowercase letters, digits and single inner hyphens. */
export const GROUP_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_GROUP_NAME = 64;

/** One group as `groups/list` carries it. */
export interface Group {
  /** Unique within the server; see {@link GROUP_NAME_PATTERN}. */
  name: string;
  /** For display. */
  title?: string;
  /** What the group is for and when to reach for it (one or two sentences). */
  description: string;
}

/** The scoped primitives of a group, complete enough to invoke. */
export interface GroupContents {
  /** Scoped tools, each a complete definition (with `inputSchema`). */
  tools?: Tool[];
  /** Scoped prompts. */
  prompts?: Prompt[];
  /** Scoped resources. */
  resources?: Resource[];
  /** Nested groups (navigation only). */
  groups?: Group[];
}

/** The result of `groups/get`: at least one of the two (draft "groups/get"). */
export interface GetGroupResult {
  /** Markdown: the workflow to follow and how to use the scoped primitives. */
  instructions?: string;
  /** The scoped primitives. */
  contents?: GroupContents;
}

/** Params of `groups/list`. */
export const ListGroupsParamsSchema = z.looseObject({
  /** Where the previous page ended. */
  cursor: z.string().optional(),
});
/** Params of `groups/get`. */
export const GetGroupParamsSchema = z.looseObject({
  /** The group's name. */
  name: z.string(),
});

/**
 * A group name from any label (`server-memory`, `Order_Mgmt`, `orders.retail`): lowercased,
 * each run of other characters one hyphen, none at either end, cut to 64 characters.
 * `undefined` when no letter or digit remains.
 *
 * Law: the result, when defined, matches {@link GROUP_NAME_PATTERN}; a valid name maps to itself.
 */
export function groupNameOf(label: string): string | undefined {
  const name = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_GROUP_NAME)
    .replace(/-+$/, '');
  return GROUP_NAME_PATTERN.test(name) ? name : undefined;
}

/**
 * Names for labels in order, unique: a name taken already (or none at all) gets `-2`, `-3`...
 * after the base (`group` for a label with no letter or digit), kept within 64 characters.
 */
export function uniqueGroupNames(labels: readonly string[]): string[] {
  const used = new Set<string>();
  return labels.map((label) => {
    const base = groupNameOf(label) ?? 'group';
    let name = base;
    for (let suffix = 2; used.has(name); suffix += 1) {
      const tail = `-${suffix}`;
      name = `${base.slice(0, MAX_GROUP_NAME - tail.length).replace(/-+$/, '')}${tail}`;
    }
    used.add(name);
    return name;
  });
}
