/**
 * Checks of errors (cash-rfc §4.4; ARCHITECTURE.md, CaSH decisions): unknown names and invalid
 * arguments.
 *
 * @module
 */

import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { allListings, discovery, findProbeFunction, NO_REQUIRED_PARAMETER } from '../discovery.js';
import { gateObservation } from '../gate-observation.js';
import { canonical, mentionsWord, nearMiss } from '../names.js';
import { listedSkills, skillArguments } from '../skills.js';
import {
  answerCode,
  askHelp,
  askOnce,
  type CashToolName,
  callArguments,
  describeInvocation,
  type ToolAnswer,
} from '../tool-answer.js';

/** Names no server has. */
const NOWHERE = 'xconformancenowhere';
const NOTHING = 'xconformancenothing';

/** One probe: a call of a name that does not exist, and the code it should carry. */
interface UnknownProbe {
  readonly tool: CashToolName;
  readonly args: Readonly<Record<string, unknown>>;
  readonly code: string;
  /** The valid name a helpful message names (a near miss's original). */
  readonly nearest?: string;
}

/** The first namespace listing with functions: its path and function names. */
async function functionListing(
  context: CheckContext,
): Promise<{ path: string; functions: string[] } | undefined> {
  for (const listing of allListings(await discovery(context))) {
    const functions = listing.entries
      .filter((entry) => entry.kind === 'function')
      .map((entry) => entry.name);
    if (functions.length > 0) return { path: listing.path, functions };
  }
  return undefined;
}

function ask(context: CheckContext, probe: UnknownProbe): Promise<ToolAnswer> {
  return probe.tool === 'help'
    ? askHelp(context, probe.args)
    : askOnce(context, probe.tool, probe.args);
}

/** Unknown names in call, help and skill. */
async function plainProbes(context: CheckContext): Promise<UnknownProbe[]> {
  const listing = await functionListing(context);
  const namespace = listing?.path ?? '';
  const inNamespace = namespace === '' ? {} : { namespace };
  return [
    { tool: 'call', args: { namespace: NOWHERE, function: NOTHING }, code: 'UNKNOWN_NAMESPACE' },
    { tool: 'call', args: { ...inNamespace, function: NOTHING }, code: 'UNKNOWN_FUNCTION' },
    { tool: 'help', args: { namespace: NOWHERE }, code: 'UNKNOWN_NAMESPACE' },
    { tool: 'help', args: { ...inNamespace, function: NOTHING }, code: 'UNKNOWN_FUNCTION' },
    { tool: 'skill', args: { skillname: NOTHING }, code: 'UNKNOWN_SKILL' },
  ];
}

/** Unknown names one character away from real ones. */
async function nearMissProbes(context: CheckContext): Promise<UnknownProbe[]> {
  const probes: UnknownProbe[] = [];
  const found = await discovery(context);
  const topLevel = found.root.entries.filter((entry) => entry.kind === 'namespace');
  const first = topLevel[0];
  const listing = await functionListing(context);
  const taken = (names: readonly string[]) => new Set(names.map(canonical));
  if (first !== undefined) {
    const miss = nearMiss(first.name, taken(topLevel.map((entry) => entry.name)));
    if (miss !== undefined) {
      probes.push({
        tool: 'call',
        args: { namespace: miss, function: listing?.functions[0] ?? NOTHING },
        code: 'UNKNOWN_NAMESPACE',
        nearest: first.name,
      });
    }
  }
  const name = listing?.functions[0];
  if (listing !== undefined && name !== undefined) {
    const miss = nearMiss(name, taken(listing.functions));
    if (miss !== undefined) {
      probes.push({
        tool: 'call',
        args: callArguments(listing.path, miss, {}),
        code: 'UNKNOWN_FUNCTION',
        nearest: name,
      });
    }
  }
  const { skills } = await listedSkills(context);
  const skill = skills[0];
  const skillMiss =
    skill === undefined ? undefined : nearMiss(skill.name, taken(skills.map((item) => item.name)));
  probes.push(
    skill === undefined || skillMiss === undefined
      ? { tool: 'skill', args: { skillname: NOTHING }, code: 'UNKNOWN_SKILL' }
      : {
          tool: 'skill',
          args: skillArguments({ ...skill, name: skillMiss }),
          code: 'UNKNOWN_SKILL',
          nearest: skill.name,
        },
  );
  return probes;
}

/** Unknown names and gated responses are MCP errors. */
export const errorsViaMcpCheck: Check = {
  requirement: 'cash.4.4.errors-via-mcp',
  definedIn: import.meta.url,
  async run(context) {
    const problems: string[] = [];
    const probes = await plainProbes(context);
    for (const probe of probes) {
      const answer = await ask(context, probe);
      if (!answer.isError) {
        problems.push(`${describeInvocation(probe.tool, probe.args)} is no error: ${answer.text}`);
      }
    }
    const gate = await gateObservation(context);
    if (gate !== undefined && !gate.gated.isError && gate.gated.size < gate.threshold) {
      problems.push(`the gated response of ${gate.label} is no error`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `${probes.length} unknown names${gate === undefined ? '' : ' and a gated response'} answer MCP errors`,
        );
  },
};

/** Unknown-name errors are one line with a code, the call to make and the nearest name. */
export const unknownNameGuidanceCheck: Check = {
  requirement: 'cash.4.4.unknown-name-guidance',
  definedIn: import.meta.url,
  async run(context) {
    const problems: string[] = [];
    const probes = await nearMissProbes(context);
    for (const probe of probes) {
      const answer = await ask(context, probe);
      const call = describeInvocation(probe.tool, probe.args);
      const code = answerCode(answer);
      const pointer = probe.tool === 'skill' ? 'skill(' : 'help(';
      if (code !== probe.code)
        problems.push(`${call} has code ${code ?? 'none'}, not ${probe.code}`);
      if (answer.text.trim().includes('\n')) problems.push(`${call} answers more than one line`);
      if (!answer.text.includes(pointer))
        problems.push(`${call} does not name a ${pointer}...) call`);
      if (probe.nearest !== undefined && !mentionsWord(answer.text, probe.nearest)) {
        problems.push(`${call} does not name the nearest "${probe.nearest}"`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${probes.length} unknown-name errors carry a code, a help call and the nearest name`);
  },
};

/** A missing required parameter is INVALID_ARGUMENTS pointing at the function's help. */
export const invalidArgumentsCheck: Check = {
  requirement: 'cash.4.1.invalid-arguments',
  definedIn: import.meta.url,
  async run(context) {
    const probe = await findProbeFunction(context);
    if (probe === undefined) return notApplicable(NO_REQUIRED_PARAMETER);
    const args = callArguments(probe.namespace, probe.name, {});
    const answer = await askOnce(context, 'call', args);
    const call = describeInvocation('call', args);
    const problems: string[] = [];
    if (!answer.isError) problems.push(`${call} without "${probe.parameter.name}" is no error`);
    else {
      const code = answerCode(answer);
      if (code !== 'INVALID_ARGUMENTS') problems.push(`${call} has code ${code ?? 'none'}`);
      if (!answer.text.includes('help(') || !mentionsWord(answer.text, probe.name)) {
        problems.push(`${call} does not point at help for "${probe.name}": ${answer.text}`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${call} is INVALID_ARGUMENTS pointing at help`);
  },
};
