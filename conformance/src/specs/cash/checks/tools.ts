/**
 * Checks of the three tools a CaSH server registers (cash-rfc §4, §5.4, §7.3).
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { cashSettings, notAggregator } from '../settings.js';
import { type ListedTool, listedTools } from '../tool-list.js';

/** The parameters each CaSH tool declares (cash-rfc §4.1, §4.2, §4.3). */
const TOOL_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  call: ['namespace', 'function', 'kwargs'],
  help: ['namespace', 'function', 'kwargs'],
  skill: ['namespace', 'skillname', 'kwargs'],
};

/** The names of the three CaSH tools. */
export const CASH_TOOLS: readonly string[] = Object.keys(TOOL_PARAMETERS);

function toolProblems(tools: readonly ListedTool[]): string[] {
  const problems: string[] = [];
  for (const [name, parameters] of Object.entries(TOOL_PARAMETERS)) {
    const tool = tools.find((candidate) => candidate.name === name);
    if (tool === undefined) {
      problems.push(`no tool "${name}"`);
      continue;
    }
    const missing = parameters.filter((parameter) => !(parameter in tool.properties));
    if (missing.length > 0) {
      problems.push(
        `"${name}" has no ${missing.map((parameter) => `"${parameter}"`).join(', ')} parameter`,
      );
    }
  }
  return problems;
}

async function judgeThreeTools(context: CheckContext): Promise<CheckOutcome> {
  const problems = toolProblems(await listedTools(context));
  return problems.length > 0
    ? fail(listProblems(problems))
    : pass('call, help and skill are listed with their parameters');
}

/** call, help and skill are listed with the RFC's parameters. */
export const threeToolsCheck: Check = {
  requirement: 'cash.4.three-tools',
  definedIn: import.meta.url,
  run: judgeThreeTools,
};

/**
 * No tool besides the three, except on an aggregator, which may list tools of its own beside
 * them (cash-rfc §5.4: not part of CaSH, so not this statement's concern).
 */
export const noExtraToolsCheck: Check = {
  requirement: 'cash.4.no-extra-tools',
  definedIn: import.meta.url,
  async run(context) {
    const extra = (await listedTools(context))
      .map((tool) => tool.name)
      .filter((name) => !CASH_TOOLS.includes(name));
    if (extra.length === 0) return pass('only call, help and skill are listed');
    const listed = listProblems(extra.map((name) => `"${name}"`));
    const { upstreams } = cashSettings(context);
    return upstreams !== undefined && upstreams.length > 0
      ? pass(`an aggregator's own tools beside call, help and skill, which §5.4 allows: ${listed}`)
      : fail(`tools besides call, help and skill: ${listed}`);
  },
};

/** An aggregator lists the three tools. */
export const aggregatorToolsCheck: Check = {
  requirement: 'cash.5.4.aggregator-tools',
  definedIn: import.meta.url,
  async run(context) {
    const { upstreams } = cashSettings(context);
    if (upstreams === undefined || upstreams.length === 0) return notAggregator(upstreams);
    return judgeThreeTools(context);
  },
};

/** call declares an integer `sizelimit`. */
export const sizelimitParameterCheck: Check = {
  requirement: 'cash.7.3.sizelimit-parameter',
  definedIn: import.meta.url,
  async run(context) {
    const call = (await listedTools(context)).find((tool) => tool.name === 'call');
    if (call === undefined) return skip('there is no call tool (see cash.4.three-tools)');
    const schema = call.properties.sizelimit;
    if (!isRecord(schema)) return fail('the call tool has no sizelimit parameter');
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    return types.includes('integer') || types.includes('number')
      ? pass('call declares sizelimit')
      : fail(
          `call declares sizelimit with type ${JSON.stringify(schema.type) ?? 'none'}, not integer`,
        );
  },
};
