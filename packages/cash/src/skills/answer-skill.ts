/**
 * The `skill` tool: list skills, or return one with its placeholders filled (cash-rfc §4.3).
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { CashError, toUpstreamError } from '../errors.js';
import { resultText, rewriteForwarded } from '../forward.js';
import { findEntry, unknownSkill } from '../lookup.js';
import { formatNamespacePath } from '../names.js';
import type { NamespaceNode } from '../registry.js';
import {
  type ForwardResolution,
  localView,
  type NamespaceView,
  openMount,
  resolveNamespace,
  type Scope,
} from '../resolve.js';
import { errorResult, textResult } from '../results.js';
import type { SkillArguments } from '../tool-arguments.js';
import { fillPlaceholders } from './placeholders.js';

/** How long `skill()` waits for one mounted upstream's skills, in ms. */
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

function join(prefix: string, namespace: string): string {
  return [prefix, namespace].filter((part) => part !== '').join('.');
}

function viewSkills(view: NamespaceView): SkillListingEntry[] {
  const namespace = formatNamespacePath(view.path);
  return [...view.skills.values()].map((skill) => ({
    namespace,
    name: skill.label,
    description: skill.description,
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

async function forwardedListing(
  forward: ForwardResolution,
  scope: Scope,
): Promise<SkillListingEntry[] | CashError> {
  const prefix = formatNamespacePath(forward.mountPath);
  const namespace = forward.rest.join('.');
  try {
    const result = await forward.forward(
      'skill',
      { ...(namespace === '' ? {} : { namespace }), kwargs: { format: 'json' } },
      scope.signal,
    );
    return (
      parseSkillListing(result, prefix) ??
      new CashError({
        code: 'UPSTREAM_ERROR',
        message: `the upstream of \`${prefix}\` sent no skill list`,
      })
    );
  } catch (error) {
    return toUpstreamError(error, prefix);
  }
}

/** Every visible skill of the tree, breadth first in registration order, and the namespaces that failed. */
async function allSkills(
  root: NamespaceNode,
  scope: Scope,
): Promise<{ skills: SkillListingEntry[]; failed: string[] }> {
  const skills: SkillListingEntry[] = [];
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
        : await forwardedListing(opened, bounded);
    if (CashError.isInstance(listed)) failed.push(formatNamespacePath(node.path));
    else skills.push(...listed);
  }
  return { skills, failed };
}

function renderListing(
  skills: readonly SkillListingEntry[],
  failed: readonly string[],
  json: boolean,
): CallToolResult {
  if (json) {
    return textResult(
      JSON.stringify(failed.length > 0 ? { skills, unavailable: failed } : { skills }),
    );
  }
  const lines = skills.map(
    (skill) =>
      `- **${skill.name}**${skill.namespace === '' ? '' : ` (\`${skill.namespace}\`)`} — ${skill.description}`,
  );
  const sections = ['# Skills', lines.length > 0 ? lines.join('\n') : 'None.'];
  if (lines.length > 0) {
    sections.push(
      'Get one with `skill(namespace="...", skillname="...")`; kwargs fill its `{{placeholders}}`.',
    );
  }
  if (failed.length > 0) {
    sections.push(
      `_Unavailable now: skills of ${failed.map((name) => `\`${name}\``).join(', ')}._`,
    );
  }
  return textResult(sections.join('\n\n'));
}

async function renderSkill(
  view: NamespaceView,
  request: SkillArguments & { skillname: string },
  root: NamespaceNode,
  scope: Scope,
): Promise<CallToolResult> {
  const skill = findEntry(view.skills, request.skillname);
  if (skill === undefined) return errorResult(unknownSkill(request.skillname, view, root, scope));
  let text: string;
  try {
    text = await skill.render(request.kwargs, scope.signal);
  } catch (error) {
    const namespace = formatNamespacePath(view.path);
    return errorResult(toUpstreamError(error, namespace));
  }
  const filled = fillPlaceholders(text, request.kwargs);
  const sections = [`# ${skill.label}`, filled.text];
  if (filled.missing.length > 0) {
    sections.push(
      `_Inputs not given: ${filled.missing.map((name) => `\`${name}\``).join(', ')} (pass them in kwargs)._`,
    );
  }
  return textResult(sections.join('\n\n'));
}

/**
 * Answers `skill`: without `skillname` it lists skills (every visible skill of the server with
 * its namespace, or one namespace's); with it, the skill's text with `{{placeholders}}` filled
 * from kwargs. Skills of mounted CaSH upstreams appear under the mount's label, so equal names
 * stay distinct by namespace.
 *
 * @see cash-rfc §4.3, §5.4 (skills merged and disambiguated), Appendix A layer 0
 */
export async function answerSkill(
  root: NamespaceNode,
  request: SkillArguments,
  scope: Scope,
): Promise<CallToolResult> {
  const json = request.kwargs.format === 'json';
  const listAll =
    (request.skillname === undefined || request.skillname === '') &&
    (request.namespace === undefined || request.namespace === '');
  if (listAll) {
    const { skills, failed } = await allSkills(root, scope);
    return renderListing(skills, failed, json);
  }
  const resolution = await resolveNamespace(root, request.namespace, scope);
  if (CashError.isInstance(resolution)) return errorResult(resolution);
  if (resolution.kind === 'forward') {
    const prefix = formatNamespacePath(resolution.mountPath);
    if (request.skillname === undefined || request.skillname === '') {
      const listed = await forwardedListing(resolution, scope);
      return CashError.isInstance(listed) ? errorResult(listed) : renderListing(listed, [], json);
    }
    const namespace = resolution.rest.join('.');
    try {
      const result = await resolution.forward(
        'skill',
        {
          ...(namespace === '' ? {} : { namespace }),
          skillname: request.skillname,
          kwargs: request.kwargs,
        },
        scope.signal,
      );
      return rewriteForwarded(result, prefix);
    } catch (error) {
      return errorResult(toUpstreamError(error, prefix));
    }
  }
  if (request.skillname === undefined || request.skillname === '') {
    return renderListing(viewSkills(resolution.view), [], json);
  }
  return renderSkill(resolution.view, { ...request, skillname: request.skillname }, root, scope);
}
