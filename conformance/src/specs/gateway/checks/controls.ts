/**
 * Checks of the opt-in dispatch controls (§4.4 tolerant arguments, §4.5 cache, dry run and rate
 * limits) on a gateway that turns them on and says so in `settings.gatewayControls`.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import {
  controlsProbeOf,
  type GatewayControlsProbe,
  undeclaredControl,
} from '../controls-settings.js';
import { resolveToolId } from '../probe.js';
import {
  callMetaTool,
  describeAnswer,
  errorCodeOf,
  listTools,
  META_TOOLS,
  type MetaToolAnswer,
  requireMode,
} from '../surface.js';

/** The probe section a check needs, or the outcome that skips it. */
async function sectionOf<Key extends 'cache' | 'quota' | 'tolerant'>(
  context: CheckContext,
  key: Key,
): Promise<NonNullable<GatewayControlsProbe[Key]> | CheckOutcome> {
  const outcome = await requireMode(context, 'gateway');
  if (outcome !== undefined) return outcome;
  const section = controlsProbeOf(context)?.[key];
  return section ?? undeclaredControl(context, key, `the ${key} control`);
}

function isOutcome(value: unknown): value is CheckOutcome {
  return isRecord(value) && typeof value.status === 'string' && 'message' in value;
}

function provenanceOf(answer: MetaToolAnswer): Record<string, unknown> {
  const provenance = answer.payload?.provenance;
  return isRecord(provenance) ? provenance : {};
}

function execute(context: CheckContext, args: Record<string, unknown>): Promise<MetaToolAnswer> {
  return callMetaTool(context, META_TOOLS.execute, args);
}

/** The same arguments with their keys in the opposite order. */
function reordered(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).reverse());
}

/** A repeated read-only call is served from the cache and says so. */
export const cacheHitCheck: Check = {
  requirement: 'gw.4.5.cache-hit',
  definedIn: import.meta.url,
  async run(context) {
    const section = await sectionOf(context, 'cache');
    if (isOutcome(section)) return section;
    const toolId = await resolveToolId(context, section.tool);
    const first = await execute(context, { tool_id: toolId, args: section.args });
    const second = await execute(context, { tool_id: toolId, args: reordered(section.args) });
    if (first.isError || second.isError) {
      return fail(
        `the calls of ${toolId} answered ${describeAnswer(first)}, ${describeAnswer(second)}`,
      );
    }
    const hit = provenanceOf(second).cache_hit;
    if (hit !== true) {
      return fail(`the repeated call of ${toolId} has provenance.cache_hit ${JSON.stringify(hit)}`);
    }
    return first.payload?.summary === second.payload?.summary
      ? pass(`the repeated call of ${toolId} (keys reordered) came from the cache`)
      : fail(`the cached result of ${toolId} differs from the first`);
  },
};

/** A mutating tool is never served from the cache. */
export const cacheMutatingCheck: Check = {
  requirement: 'gw.4.5.cache-mutating',
  definedIn: import.meta.url,
  async run(context) {
    const section = await sectionOf(context, 'cache');
    if (isOutcome(section)) return section;
    const toolId = await resolveToolId(context, section.mutatingTool);
    const problems: string[] = [];
    for (let call = 1; call <= 2; call += 1) {
      const answer = await execute(context, { tool_id: toolId, args: section.mutatingArgs });
      if (answer.isError) problems.push(`call ${call} answered ${describeAnswer(answer)}`);
      if (provenanceOf(answer).cache_hit === true)
        problems.push(`call ${call} came from the cache`);
    }
    return problems.length > 0
      ? fail(`${toolId}: ${listProblems(problems)}`)
      : pass(`two identical calls of the mutating ${toolId} both reached the upstream`);
  },
};

/** What the quota probe saw: dry runs, the allowed calls, and the call beyond the limit. */
interface QuotaRun {
  toolId: string;
  dryRuns: MetaToolAnswer[];
  calls: MetaToolAnswer[];
  beyond: MetaToolAnswer;
}

/** Runs the quota probe once per target: limit + 1 dry runs, limit calls, one call more. */
function quotaRun(
  context: CheckContext,
  section: NonNullable<GatewayControlsProbe['quota']>,
): Promise<QuotaRun> {
  return context.memo('gateway.controls.quota', async () => {
    const toolId = await resolveToolId(context, section.tool);
    const call = (dryRun: boolean) =>
      execute(context, {
        tool_id: toolId,
        args: section.args,
        ...(dryRun ? { dry_run: true } : {}),
      });
    const dryRuns: MetaToolAnswer[] = [];
    for (let run = 0; run <= section.maxCallsPerMinute; run += 1) dryRuns.push(await call(true));
    const calls: MetaToolAnswer[] = [];
    for (let run = 0; run < section.maxCallsPerMinute; run += 1) calls.push(await call(false));
    return { toolId, dryRuns, calls, beyond: await call(false) };
  });
}

/** A dry run answers a report and is offered in `tools/list`. */
export const dryRunCheck: Check = {
  requirement: 'gw.4.5.dry-run',
  definedIn: import.meta.url,
  async run(context) {
    const section = await sectionOf(context, 'quota');
    if (isOutcome(section)) return section;
    const problems: string[] = [];
    const listed = (await listTools(context)).find((tool) => tool.name === META_TOOLS.execute);
    const properties = listed?.inputSchema.properties;
    if (!isRecord(properties) || !isRecord(properties.dry_run)) {
      problems.push('tool_execute does not list a dry_run argument');
    }
    const run = await quotaRun(context, section);
    const report = run.dryRuns[0];
    const payload = report?.payload ?? {};
    if (report === undefined || report.isError) {
      problems.push(
        `the dry run answered ${report === undefined ? 'nothing' : describeAnswer(report)}`,
      );
    } else {
      if (payload.dry_run !== true) problems.push('the report has no dry_run: true');
      if (payload.tool_id !== run.toolId)
        problems.push(`the report names ${String(payload.tool_id)}`);
      if (payload.args_valid !== true) problems.push('the report has no args_valid: true');
      const annotations = payload.annotations;
      if (!isRecord(annotations) || annotations.verified !== false) {
        problems.push('the report does not stamp its annotations verified: false');
      }
      if (!Array.isArray(payload.checks)) problems.push('the report lists no checks');
      for (const key of ['status', 'artifacts']) {
        if (key in payload) problems.push(`the report carries a result field (${key})`);
      }
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`a dry run of ${run.toolId} answers a report, not a result`);
  },
};

/** A value of another JSON type than `value`, so that a schema typing it refuses the swap. */
function wrongTyped(value: unknown): unknown {
  return typeof value === 'string' ? 42 : 'not-the-declared-type';
}

/**
 * A dry run with arguments that break the schema answers ARGS_INVALID, as a real call would
 * (§4.5); the cache probe's arguments, each swapped for a value of another type, break it.
 */
export const dryRunInvalidArgsCheck: Check = {
  requirement: 'gw.4.5.dry-run-invalid-args',
  definedIn: import.meta.url,
  async run(context) {
    const section = await sectionOf(context, 'cache');
    if (isOutcome(section)) return section;
    const toolId = await resolveToolId(context, section.tool);
    const args = Object.fromEntries(
      Object.entries(section.args).map(([key, value]) => [key, wrongTyped(value)]),
    );
    const answer = await callMetaTool(context, META_TOOLS.execute, {
      tool_id: toolId,
      args,
      dry_run: true,
    });
    return errorCodeOf(answer) === 'ARGS_INVALID'
      ? pass(`a dry run of ${toolId} with ${JSON.stringify(args)} answers ARGS_INVALID`)
      : fail(
          `a dry run of ${toolId} with ${JSON.stringify(args)} answered ${describeAnswer(answer)}, not ARGS_INVALID`,
        );
  },
};

/** Dry runs consume no quota: after limit + 1 of them, limit real calls still pass. */
export const dryRunQuotaCheck: Check = {
  requirement: 'gw.4.5.dry-run-no-quota',
  definedIn: import.meta.url,
  async run(context) {
    const section = await sectionOf(context, 'quota');
    if (isOutcome(section)) return section;
    const run = await quotaRun(context, section);
    const refusedDry = run.dryRuns.findIndex((answer) => answer.isError);
    if (refusedDry !== -1) {
      return fail(
        `dry run ${refusedDry + 1} answered ${describeAnswer(run.dryRuns[refusedDry] as MetaToolAnswer)}`,
      );
    }
    const refused = run.calls.findIndex((answer) => answer.isError);
    return refused === -1
      ? pass(
          `${run.dryRuns.length} dry runs left all ${section.maxCallsPerMinute} calls of the minute`,
        )
      : fail(
          `after ${run.dryRuns.length} dry runs, call ${refused + 1} of ${section.maxCallsPerMinute} answered ${describeAnswer(run.calls[refused] as MetaToolAnswer)}`,
        );
  },
};

/** A call beyond a rate limit answers RATE_LIMITED, retryable, with scope and retry_after. */
export const rateLimitedCheck: Check = {
  requirement: 'gw.4.5.rate-limited',
  definedIn: import.meta.url,
  async run(context) {
    const section = await sectionOf(context, 'quota');
    if (isOutcome(section)) return section;
    const { beyond, toolId } = await quotaRun(context, section);
    if (errorCodeOf(beyond) !== 'RATE_LIMITED') {
      return fail(
        `call ${section.maxCallsPerMinute + 1} of ${toolId} answered ${describeAnswer(beyond)}, not RATE_LIMITED`,
      );
    }
    const payload = beyond.payload ?? {};
    const details = isRecord(payload.details) ? payload.details : {};
    const problems: string[] = [];
    if (payload.retryable !== true) problems.push('retryable is not true');
    if (typeof details.scope !== 'string') problems.push('details.scope is missing');
    if (typeof details.retry_after !== 'number' || details.retry_after <= 0) {
      problems.push('details.retry_after is not a positive number');
    }
    return problems.length > 0
      ? fail(`the RATE_LIMITED answer: ${listProblems(problems)}`)
      : pass(
          `call ${section.maxCallsPerMinute + 1} of ${toolId} answered RATE_LIMITED (retry after ${String(details.retry_after)})`,
        );
  },
};

/** Tolerant arguments are repaired by the five rules only, and each repair is recorded. */
export const tolerantArgsCheck: Check = {
  requirement: 'gw.4.4.tolerant-args',
  definedIn: import.meta.url,
  async run(context) {
    const section = await sectionOf(context, 'tolerant');
    if (isOutcome(section)) return section;
    const toolId = await resolveToolId(context, section.tool);
    const answer = await execute(context, { tool_id: toolId, args: section.args });
    if (answer.isError)
      return fail(
        `${toolId} with ${JSON.stringify(section.args)} answered ${describeAnswer(answer)}`,
      );
    const repairs = provenanceOf(answer).arg_repairs;
    return JSON.stringify(repairs) === JSON.stringify(section.repairs)
      ? pass(`${toolId} ran with the repairs ${JSON.stringify(repairs)}`)
      : fail(
          `provenance.arg_repairs is ${JSON.stringify(repairs)}, not ${JSON.stringify(section.repairs)}`,
        );
  },
};

/** The checks of the controls, in catalog order. */
export const controlsChecks: readonly Check[] = [
  tolerantArgsCheck,
  cacheHitCheck,
  cacheMutatingCheck,
  dryRunCheck,
  dryRunInvalidArgsCheck,
  dryRunQuotaCheck,
  rateLimitedCheck,
];
