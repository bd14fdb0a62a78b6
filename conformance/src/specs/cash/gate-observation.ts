/**
 * What the gating checks observe (cash-rfc §7), once per target: the configured large call
 * without a sizelimit, with one that accommodates any sane response, with the suggested one,
 * and with one a little below the response's size.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { parseJsonObject } from './help-listing.js';
import { cashSettings } from './settings.js';
import {
  askHelp,
  callArguments,
  callCashTool,
  describeInvocation,
  type ToolAnswer,
} from './tool-answer.js';

/** The default gate threshold, in characters (cash-rfc §7.3). */
export const DEFAULT_GATE_THRESHOLD = 10_000;

/** A sizelimit that accommodates any response a check should meet: ten million characters. */
export const ACCOMMODATING_SIZELIMIT = 10_000_000;

/** A response this much above the limit in effect must be gated ("within a few percent"). */
export const PRECISION_MARGIN = 1.08;

/** What the large call answered under each limit. */
export interface GateObservation {
  /** The large call, as messages show it. */
  readonly label: string;
  /** The threshold help() advertises, when it names one. */
  readonly advertised: number | undefined;
  /** The threshold in effect without a sizelimit: the advertised one, else 10,000. */
  readonly threshold: number;
  /** The answer without a sizelimit. */
  readonly gated: ToolAnswer;
  /** The sizelimit the gated answer suggests, when it names one. */
  readonly suggested: number | undefined;
  /** The answer with {@link ACCOMMODATING_SIZELIMIT}. */
  readonly full: ToolAnswer;
  /** The answer with the suggested sizelimit. */
  readonly viaSuggested: ToolAnswer | undefined;
  /** The answer with a limit {@link PRECISION_MARGIN} below the full size, and that limit. */
  readonly precise: { readonly limit: number; readonly answer: ToolAnswer } | undefined;
}

function parseNumber(text: string): number | undefined {
  const value = Number(text.replace(/[,_\s]/g, ''));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

const SUGGESTION_KEYS = [
  'suggested_sizelimit',
  'suggestedSizelimit',
  'suggested_size_limit',
  'sizelimit',
];

/** The sizelimit a gated answer suggests: a structured field, or `sizelimit=N` in its text. */
export function suggestedLimit(answer: ToolAnswer): number | undefined {
  for (const key of SUGGESTION_KEYS) {
    const value = answer.structured?.[key];
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  }
  const match = /sizelimit\s*(?:[=:]|of|to)?\s*`?\s*~?(\d[\d,_]*)/i.exec(answer.text);
  return match?.[1] === undefined ? undefined : parseNumber(match[1]);
}

const THRESHOLD_KEYS = ['gate_threshold', 'gateThreshold', 'threshold', 'sizelimit'];

/** The gate threshold a help() text names, if any. */
export function advertisedThreshold(text: string): number | undefined {
  const json = parseJsonObject(text);
  if (json !== undefined) {
    for (const key of THRESHOLD_KEYS) {
      const value = json[key];
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    }
  }
  const match = /(?:gate threshold|threshold|size ?limit)\D{0,30}?(\d[\d,_]*)/i.exec(text);
  return match?.[1] === undefined ? undefined : parseNumber(match[1]);
}

async function observe(context: CheckContext): Promise<GateObservation | undefined> {
  const large = cashSettings(context).largeCall;
  if (large === undefined) return undefined;
  const namespace = large.namespace ?? '';
  const kwargs = large.kwargs ?? {};
  const call = (sizelimit?: number) =>
    callCashTool(context, 'call', callArguments(namespace, large.function, kwargs, sizelimit));
  const advertised = advertisedThreshold((await askHelp(context)).text);
  const gated = await call();
  const suggested = suggestedLimit(gated);
  const full = await call(ACCOMMODATING_SIZELIMIT);
  const viaSuggested = suggested === undefined ? undefined : await call(suggested);
  const limit = full.isError ? undefined : Math.floor(full.size / PRECISION_MARGIN);
  const precise = limit === undefined ? undefined : { limit, answer: await call(limit) };
  return {
    label: describeInvocation('call', callArguments(namespace, large.function, kwargs)),
    advertised,
    threshold: advertised ?? DEFAULT_GATE_THRESHOLD,
    gated,
    suggested,
    full,
    viaSuggested,
    precise,
  };
}

/** The gate observation of the target, once per target; undefined without a large call. */
export function gateObservation(context: CheckContext): Promise<GateObservation | undefined> {
  return context.memo('cash:gate', () => observe(context));
}
