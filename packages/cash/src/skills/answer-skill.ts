/**
 * The `skill` tool: list skills, or return one with its placeholders filled (cash-rfc §4.3).
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { CashError, toUpstreamError } from '../errors.js';
import { rewriteForwarded } from '../forward.js';
import { findEntry, unknownSkill } from '../lookup.js';
import { formatNamespacePath } from '../names.js';
import type { NamespaceNode } from '../registry.js';
import { type NamespaceView, resolveNamespace, type Scope } from '../resolve.js';
import { errorResult, textResult } from '../results.js';
import type { SkillArguments } from '../tool-arguments.js';
import {
  type CollectedSkill,
  collectSkills,
  forwardedSkills,
  type SkillListingEntry,
} from './collect-skills.js';
import { fillPlaceholders } from './placeholders.js';

function listingOf(skills: readonly CollectedSkill[]): SkillListingEntry[] {
  return skills.map(({ namespace, name, description }) => ({ namespace, name, description }));
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
    const { skills, failed } = await collectSkills(root, scope);
    return renderListing(listingOf(skills), failed, json);
  }
  const resolution = await resolveNamespace(root, request.namespace, scope);
  if (CashError.isInstance(resolution)) return errorResult(resolution);
  if (resolution.kind === 'forward') {
    const prefix = formatNamespacePath(resolution.mountPath);
    if (request.skillname === undefined || request.skillname === '') {
      const listed = await forwardedSkills(resolution, scope);
      return CashError.isInstance(listed)
        ? errorResult(listed)
        : renderListing(listingOf(listed), [], json);
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
    const namespace = formatNamespacePath(resolution.view.path);
    const listed = [...resolution.view.skills.values()].map((skill) => ({
      namespace,
      name: skill.label,
      description: skill.description,
    }));
    return renderListing(listed, [], json);
  }
  return renderSkill(resolution.view, { ...request, skillname: request.skillname }, root, scope);
}
