/**
 * Checks of an aggregator (cash-rfc §5.4), for targets registered with their upstream labels.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import { PROBE_SKILL, PROBE_SKILL_MARKER } from '../../../probe-upstream/probe-catalog.js';
import { discovery, findProbeFunction } from '../discovery.js';
import { gateObservation } from '../gate-observation.js';
import { canonical } from '../names.js';
import { cashSettings, notAggregator } from '../settings.js';
import { listedSkills, skillArguments } from '../skills.js';
import { askOnce, callArguments, describeInvocation, isUnknownName } from '../tool-answer.js';

/**
 * Runs `judge` with the upstream labels; not applicable to a target registered with none (no
 * aggregator), skipped on one registered without them (it may be one).
 */
function aggregatorCheck(
  requirement: string,
  judge: (context: CheckContext, upstreams: readonly string[]) => Promise<CheckOutcome>,
): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    async run(context) {
      const { upstreams } = cashSettings(context);
      return upstreams === undefined || upstreams.length === 0
        ? notAggregator(upstreams)
        : judge(context, upstreams);
    },
  };
}

/** The first segment of a namespace path, canonical. */
function topLabel(path: string): string {
  return canonical(path.split('.')[0] ?? '');
}

/** help() lists every upstream label. */
export const mergedHelpCheck = aggregatorCheck(
  'cash.5.4.merged-help',
  async (context, upstreams) => {
    const listed = new Set(
      (await discovery(context)).root.entries
        .filter((entry) => entry.kind === 'namespace')
        .map((entry) => canonical(entry.name)),
    );
    const missing = upstreams.filter((label) => !listed.has(canonical(label)));
    return missing.length > 0
      ? fail(`help() does not list ${listProblems(missing.map((label) => `"${label}"`))}`)
      : pass(`help() lists all ${upstreams.length} upstreams`);
  },
);

/** A call into each upstream reaches one of its functions. */
export const routesCallsCheck = aggregatorCheck(
  'cash.5.4.routes-calls',
  async (context, upstreams) => {
    const problems: string[] = [];
    const reached: string[] = [];
    for (const label of upstreams) {
      const probe = await findProbeFunction(
        context,
        (reference) => topLabel(reference.namespace) === canonical(label),
      );
      if (probe === undefined) continue;
      const args = callArguments(probe.namespace, probe.name, {});
      const answer = await askOnce(context, 'call', args);
      if (isUnknownName(answer))
        problems.push(`${describeInvocation('call', args)} answered: ${answer.text}`);
      else reached.push(label);
    }
    const gate = await gateObservation(context);
    if (gate?.full.isError && isUnknownName(gate.full)) {
      problems.push(`${gate.label} answered: ${gate.full.text}`);
    }
    if (problems.length > 0) return fail(listProblems(problems));
    return reached.length === 0
      ? skip(
          'no upstream lists a function with a required parameter to call safely; the RFC requires none (cash.5.4.routes-observed calls probe upstreams)',
        )
      : pass(`calls reach the functions of ${reached.join(', ')}`);
  },
);

/**
 * The problems of the probe skill at each skill probe upstream: not listed under its label, or
 * fetched without the probe's text.
 */
async function probeSkillProblems(
  context: CheckContext,
  labels: readonly string[],
): Promise<string[]> {
  const { skills } = await listedSkills(context);
  const problems: string[] = [];
  for (const label of labels) {
    const listed = skills.find(
      (skill) =>
        topLabel(skill.namespace) === canonical(label) &&
        canonical(skill.name) === canonical(PROBE_SKILL.name),
    );
    if (listed === undefined) {
      problems.push(`skill() does not list "${PROBE_SKILL.name}" of the upstream "${label}"`);
      continue;
    }
    const args = skillArguments(listed);
    const answer = await askOnce(context, 'skill', args);
    if (!answer.isError && !answer.text.includes(PROBE_SKILL_MARKER)) {
      problems.push(`${describeInvocation('skill', args)} answers another text than the probe's`);
    }
  }
  return problems;
}

/** Skills are listed under their upstream, unambiguous and fetchable; a probe's skill is among them. */
export const mergedSkillsCheck = aggregatorCheck(
  'cash.5.4.merged-skills',
  async (context, upstreams) => {
    const { skills, fetched } = await listedSkills(context);
    const probeLabels = cashSettings(context).skillProbeUpstreams ?? [];
    const problems = await probeSkillProblems(context, probeLabels);
    if (skills.length === 0 && problems.length === 0) {
      return skip(
        'the aggregator lists no skill and names no skill probe upstream (settings.cash.skillProbeUpstreams), so one that drops every upstream skill cannot be told from one whose upstreams offer none',
      );
    }
    const labels = new Set(upstreams.map(canonical));
    const seen = new Set<string>();
    for (const skill of skills) {
      const key = `${canonical(skill.namespace)}:${canonical(skill.name)}`;
      if (seen.has(key))
        problems.push(`"${skill.name}" is listed twice under "${skill.namespace}"`);
      seen.add(key);
      if (!labels.has(topLabel(skill.namespace))) {
        problems.push(
          `"${skill.name}" is listed under "${skill.namespace}", no upstream's namespace`,
        );
      }
    }
    for (const { skill, answer } of fetched) {
      if (answer.isError) {
        problems.push(
          `${describeInvocation('skill', skillArguments(skill))} answered: ${answer.text}`,
        );
      }
    }
    if (problems.length > 0) return fail(listProblems(problems));
    const probed =
      probeLabels.length > 0 ? `, the probe skill of ${probeLabels.join(', ')} among them` : '';
    return pass(
      `${skills.length} skill(s) are listed under their upstreams and fetchable${probed}`,
    );
  },
);

/** Top-level labels are unique, each upstream label once. */
export const uniqueLabelsCheck = aggregatorCheck(
  'cash.5.4.unique-labels',
  async (context, upstreams) => {
    const names = (await discovery(context)).root.entries.map((entry) => canonical(entry.name));
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    const repeated = [...counts].filter(([, count]) => count > 1).map(([name]) => name);
    const problems = repeated.map((name) => `help() lists "${name}" ${counts.get(name)} times`);
    for (const label of upstreams) {
      if ((counts.get(canonical(label)) ?? 0) === 0)
        problems.push(`help() does not list "${label}"`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${names.length} top-level labels are unique`);
  },
);
