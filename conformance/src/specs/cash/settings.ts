/**
 * What the `cash` checks cannot discover through `help()`: a call with a large result (to test
 * gating) and, for an aggregator, the labels of its upstreams. A target registration gives them
 * as `settings.cash`; the command line as `--cash-large` and `--cash-upstreams`.
 *
 * @module
 */

import { z } from 'zod';
import type { CheckContext, CheckOutcome } from '../../check.js';
import { ConformanceError } from '../../errors.js';
import { notApplicable, skip } from '../../outcome.js';

/** A `call` whose response is larger than the gate threshold; it must be safe to repeat. */
export const LargeCallSchema = z
  .object({
    /** The dotted namespace; empty or absent for the root namespace. */
    namespace: z.string().optional(),
    /** The function name. */
    function: z.string().min(1),
    /** The keyword arguments (default none). */
    kwargs: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/** A large call, as {@link LargeCallSchema} reads it. */
export type LargeCall = z.infer<typeof LargeCallSchema>;

/**
 * A `call` of a function that changes state and answers more than the gate threshold, with a
 * read `probe` whose answer changes when the write runs (the check compares its texts).
 */
export const WriteCallSchema = LargeCallSchema.extend({
  /** A read call that shows whether the write ran. */
  probe: LargeCallSchema,
}).strict();

/** A write call, as {@link WriteCallSchema} reads it. */
export type WriteCall = z.infer<typeof WriteCallSchema>;

/** The `cash` settings of a target. */
export const CashTargetSettingsSchema = z
  .object({
    /** A call whose response exceeds the gate threshold; without it the gating checks skip. */
    largeCall: LargeCallSchema.optional(),
    /** A large write and its probe; without it the write-gating check skips. */
    writeCall: WriteCallSchema.optional(),
    /**
     * The upstream labels of an aggregator; without them the aggregation checks skip, and an
     * empty list says the target is no aggregator (they do not apply).
     */
    upstreams: z.array(z.string().min(1)).optional(),
    /**
     * The labels of upstreams that are conformance probe upstreams (`x-conformance-probe-upstream`,
     * each its own process): the routing check reads what reached each. Without them it skips.
     */
    probeUpstreams: z.array(z.string().min(1)).min(1).optional(),
    /**
     * The labels of upstreams that are the probe's CaSH face (`x-conformance-probe-upstream
     * --cash`), each offering the skill `probeskill`: the merged-skills check looks for it.
     */
    skillProbeUpstreams: z.array(z.string().min(1)).min(1).optional(),
  })
  .strict();

/**
 * The outcome of an aggregation check on a target without upstream labels: not applicable when
 * its registration lists none (`upstreams: []`, no aggregator), skipped when it names none at
 * all (it may be an aggregator whose labels are unknown).
 */
export function notAggregator(upstreams: readonly string[] | undefined): CheckOutcome {
  return upstreams === undefined
    ? skip('not registered as an aggregator (settings.cash.upstreams, --cash-upstreams)')
    : notApplicable('registered as no aggregator (settings.cash.upstreams is empty)');
}

/** The `cash` settings of a target, as {@link CashTargetSettingsSchema} reads them. */
export type CashTargetSettings = z.infer<typeof CashTargetSettingsSchema>;

/** The settings of the target under test (none when it has no `settings.cash`); throws when invalid. */
export function cashSettings(context: CheckContext): CashTargetSettings {
  const raw = context.target.settings?.cash;
  if (raw === undefined) return {};
  const parsed = CashTargetSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConformanceError({
      code: 'USAGE',
      message: `the target's settings.cash are invalid: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`,
    });
  }
  return parsed.data;
}

/** The `namespace` and `function` of a dotted `namespace.function` (no dot: a root function). */
export function splitFunctionPath(path: string): { namespace: string; function: string } {
  const dot = path.lastIndexOf('.');
  return dot < 0
    ? { namespace: '', function: path }
    : { namespace: path.slice(0, dot), function: path.slice(dot + 1) };
}

function usage(message: string): ConformanceError {
  return new ConformanceError({ code: 'USAGE', message });
}

/** Comma-separated labels of `flag`, trimmed; throws `USAGE` when there are none. */
function parseLabels(flag: string, text: string): string[] {
  const labels = text
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label !== '');
  if (labels.length === 0) throw usage(`--${flag} needs comma-separated labels`);
  return labels;
}

/**
 * The `cash` settings from the command line's `--cash-large` (`namespace.function`, optionally
 * followed by a JSON object of kwargs), `--cash-upstreams`, `--cash-probe-upstreams` and
 * `--cash-skill-probe-upstreams` (comma-separated labels); undefined when none is given. Throws `USAGE` errors.
 */
export function parseCashFlags(
  large: string | undefined,
  upstreams: string | undefined,
  probeUpstreams?: string,
  skillProbeUpstreams?: string,
): CashTargetSettings | undefined {
  const given = [large, upstreams, probeUpstreams, skillProbeUpstreams];
  if (given.every((flag) => flag === undefined)) return undefined;
  const settings: {
    largeCall?: LargeCall;
    upstreams?: string[];
    probeUpstreams?: string[];
    skillProbeUpstreams?: string[];
  } = {};
  if (large !== undefined) {
    const trimmed = large.trim();
    const space = trimmed.search(/\s/);
    const path = space < 0 ? trimmed : trimmed.slice(0, space);
    const kwargsText = space < 0 ? '' : trimmed.slice(space).trim();
    if (path === '') throw usage('--cash-large needs "namespace.function [kwargs JSON]"');
    let kwargs: unknown;
    if (kwargsText !== '') {
      try {
        kwargs = JSON.parse(kwargsText) as unknown;
      } catch {
        throw usage(`--cash-large: the kwargs after the function are not JSON: ${kwargsText}`);
      }
      if (typeof kwargs !== 'object' || kwargs === null || Array.isArray(kwargs)) {
        throw usage('--cash-large: the kwargs after the function must be a JSON object');
      }
    }
    settings.largeCall = {
      ...splitFunctionPath(path),
      ...(kwargs === undefined ? {} : { kwargs: kwargs as Record<string, unknown> }),
    };
  }
  if (upstreams !== undefined) settings.upstreams = parseLabels('cash-upstreams', upstreams);
  if (probeUpstreams !== undefined) {
    settings.probeUpstreams = parseLabels('cash-probe-upstreams', probeUpstreams);
  }
  if (skillProbeUpstreams !== undefined) {
    settings.skillProbeUpstreams = parseLabels('cash-skill-probe-upstreams', skillProbeUpstreams);
  }
  return settings;
}
