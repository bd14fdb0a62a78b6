/**
 * Every skill a caller can see, local or mounted, with a way to get its text: what `skill()`
 * lists and what the Skills extension serves (one source of truth).
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { CashError, toUpstreamError } from '../errors.js';
import { resultText, rewriteForwarded } from '../forward.js';
import { formatNamespacePath } from '../names.js';
import type { NamespaceNode } from '../registry.js';
import {
  type ForwardResolution,
  localView,
  type NamespaceView,
  openMount,
  type Scope,
} from '../resolve.js';

/** How long one mounted upstream may take to list its skills, in ms. */
const LISTING_TIMEOUT_MS = 5_000;

/** One skill in a listing. */
export interface SkillListingEntry {
  /** The full namespace path (`''` for the root). */
  namespace: string;
  /** The skill label. */
  name: string;
  /** One line. */
  description: string;
}

/** A listed skill and how to get its text as `skill()` would give it without kwargs. */
export interface CollectedSkill extends SkillListingEntry {
  /**
   * The text: a local skill's own text with its `{{placeholders}}` as written; a forwarded
   * skill's `skill()` answer from its upstream, its namespace references prefixed.
   */
  render(signal: AbortSignal): Promise<string>;
  /** Whether the text is the skill's own (local or mounted), not a forwarded `skill()` answer. */
  own: boolean;
}

function join(prefix: string, namespace: string): string {
  return [prefix, namespace].filter((part) => part !== '').join('.');
}

function viewSkills(view: NamespaceView): CollectedSkill[] {
  const namespace = formatNamespacePath(view.path);
  return [...view.skills.values()].map((skill) => ({
    namespace,
    name: skill.label,
    description: skill.description,
    own: true,
    render: (signal) => skill.render({}, signal),
  }));
}

function parseSkillListing(
  result: CallToolResult,
  prefix: string,
): SkillListingEntry[] | undefined {
  if (result.isError === true) return undefined;
  try {
    const value = JSON.parse(resultText(result)) as { skills?: unknown };
    if (!Array.isArray(value.skills)) return undefined;
    const entries: SkillListingEntry[] = [];
    for (const item of value.skills as Array<Record<string, unknown>>) {
      if (typeof item?.name !== 'string' || typeof item.description !== 'string') return undefined;
      const namespace = typeof item.namespace === 'string' ? item.namespace : '';
      entries.push({
        namespace: join(prefix, namespace),
        name: item.name,
        description: item.description,
      });
    }
    return entries;
  } catch {
    return undefined;
  }
}

/**
 * The skills of a mounted CaSH upstream (below `forward.rest`), from its `skill()` listing in
 * JSON; each renders through the upstream's `skill()`.
 */
export async function forwardedSkills(
  forward: ForwardResolution,
  scope: Scope,
): Promise<CollectedSkill[] | CashError> {
  const prefix = formatNamespacePath(forward.mountPath);
  const namespace = forward.rest.join('.');
  let listed: SkillListingEntry[] | undefined;
  try {
    const result = await forward.forward(
      'skill',
      { ...(namespace === '' ? {} : { namespace }), kwargs: { format: 'json' } },
      scope.signal,
    );
    listed = parseSkillListing(result, prefix);
  } catch (error) {
    return toUpstreamError(error, prefix);
  }
  if (listed === undefined) {
    return new CashError({
      code: 'UPSTREAM_ERROR',
      message: `the upstream of \`${prefix}\` sent no skill list`,
    });
  }
  return listed.map((entry) => ({
    ...entry,
    own: false,
    async render(signal) {
      const upstreamNamespace = entry.namespace.slice(prefix.length).replace(/^\./, '');
      const result = await forward.forward(
        'skill',
        {
          ...(upstreamNamespace === '' ? {} : { namespace: upstreamNamespace }),
          skillname: entry.name,
          kwargs: {},
        },
        signal,
      );
      if (result.isError === true) {
        throw new CashError({ code: 'UPSTREAM_ERROR', message: resultText(result) });
      }
      return resultText(rewriteForwarded(result, prefix));
    },
  }));
}

/**
 * Every skill the caller can see, breadth first in registration order, and the namespaces
 * whose upstream failed. A mount's skills come from its content (an MCP upstream's own
 * skills) or, for a CaSH upstream, from its `skill()` listing only, so a skill the upstream
 * also serves through the Skills extension is listed once.
 */
export async function collectSkills(
  root: NamespaceNode,
  scope: Scope,
): Promise<{ skills: CollectedSkill[]; failed: string[] }> {
  const skills: CollectedSkill[] = [];
  const failed: string[] = [];
  const queue: NamespaceNode[] = [root];
  while (queue.length > 0) {
    const node = queue.shift() as NamespaceNode;
    if (node.mount === undefined) {
      const view = localView(scope, node);
      skills.push(...viewSkills(view));
      queue.push(...view.children.values());
      continue;
    }
    // A slow upstream must not hold up the whole listing.
    const bounded = {
      ...scope,
      signal: AbortSignal.any([scope.signal, AbortSignal.timeout(LISTING_TIMEOUT_MS)]),
    };
    const opened = await openMount(node.mount, node.path, bounded);
    const listed = CashError.isInstance(opened)
      ? opened
      : opened.kind === 'view'
        ? viewSkills(opened.view)
        : await forwardedSkills(opened, bounded);
    if (CashError.isInstance(listed)) failed.push(formatNamespacePath(node.path));
    else skills.push(...listed);
  }
  return { skills, failed };
}
