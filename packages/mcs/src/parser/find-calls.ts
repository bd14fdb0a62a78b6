/**
 * Finds the calls written in a text, in two passes: strict JSON first, repair second.
 *
 * @module
 */

import { type RawCall, recognizeCalls } from './call-shapes.js';
import type { ParserLimits } from './limits.js';
import { parseNearJson } from './near-json.js';
import type { CallIssue } from './parse-result.js';
import { matchBrackets, type ScanBudget, splitRegions } from './scan-candidates.js';

/** A value found at a position of the text. */
export interface Located<T> {
  /** Index in the text where it starts. */
  position: number;
  /** The value. */
  value: T;
}

/** What {@link findCalls} found: raw calls and issues, both located, and the repairs spent. */
export interface FoundCalls {
  /** The calls, in text order. */
  calls: Located<RawCall>[];
  /** The issues met while scanning. */
  issues: Located<CallIssue>[];
  /** JSON repairs spent. */
  attempts: number;
}

/** What {@link findCalls} needs to know about the function set. */
export interface FindCallsOptions {
  /** The bounds in force. */
  limits: ParserLimits;
  /** The function names, to recognize a broken call that names one. */
  names: readonly string[];
  /** Whether a name is a function of the set. */
  isKnownName: (name: string) => boolean;
}

interface Span {
  start: number;
  end: number;
}

/** A span that would be an issue unless a found call explains it. */
interface Suspect extends Span {
  issue: CallIssue;
}

/** How strict JSON starts: an object opens with a key or closes; an array opens with a value or closes. */
const STRICT_JSON_START = /^(?:\{\s*["}]|\[\s*[-\d"{[\]tfn])/;

/** Keys (in straight or typographic quotes, or bare) that mark a span as an attempted call. */
const CALL_KEY =
  /["'\u201c\u201d\u2018\u2019]?\b(?:tool|tool_calls|tool_use|function_call|functionCall|arguments|action_input)\b["'\u201c\u201d\u2018\u2019]?\s*:/;

class ScanStopped extends Error {}

/**
 * Scans `text` for calls.
 *
 * Pass 1 (strict): the text is split into fenced blocks and prose (see `splitRegions`); in
 * each part, every balanced `{...}` or `[...]` that starts as JSON does is parsed as strict JSON. A call shape is
 * recorded and its span skipped; other JSON is data and is skipped whole; a span that is not
 * strict JSON (or not balanced) is kept for pass 2 and the scan goes on from its second
 * character, so a well-formed call inside broken text is found exactly as written.
 *
 * Pass 2 (repair): each kept span that overlaps no call found so far and looks like a call
 * (a call key such as `"tool":` or `arguments:`, or a quoted function name) is parsed with
 * the bounded repair, in text order; code and prose in brackets cost no repair. Repair never touches a call that is valid JSON, so it cannot
 * change the arguments of a well-formed call.
 *
 * A span that looks like a call but never parses becomes `unparseable_json`, and a repaired
 * span with a forbidden key `forbidden_key`, unless it overlaps a found call; a strict span
 * with a forbidden key is always `forbidden_key`, and one that writes a key twice and looks
 * like a call `duplicate_key`. Reaching a bound ends the scan with its issue.
 */
export function findCalls(text: string, options: FindCallsOptions): FoundCalls {
  const { limits } = options;
  const budget: ScanBudget = { remainingChars: limits.maxScanChars };
  const calls: Located<RawCall>[] = [];
  const issues: Located<CallIssue>[] = [];
  const callSpans: Span[] = [];
  const kept: Span[] = [];
  const suspects: Suspect[] = [];
  let attempts = 0;

  // Typed as a whole so that calls to it narrow like `throw`.
  const stop: (position: number, issue: CallIssue) => never = (position, issue) => {
    issues.push({ position, value: issue });
    throw new ScanStopped();
  };
  const spendRepair = (position: number): void => {
    attempts += 1;
    if (attempts > limits.maxRepairAttempts) stop(position, scanLimitIssue());
  };
  const record = (span: Span, found: RawCall[]): void => {
    for (const call of found) calls.push({ position: span.start, value: call });
    callSpans.push(span);
    if (calls.length > limits.maxCalls) {
      stop(span.start, {
        reason: 'too_many_calls',
        message: `Your message holds more than ${limits.maxCalls} function calls; make at most ${limits.maxCalls} at once.`,
      });
    }
  };

  try {
    for (const region of splitRegions(text)) {
      let index = region.start;
      while (index < region.end) {
        const open = nextOpener(text, index, region.end);
        if (open === -1) break;
        const match = matchBrackets(text, open, region.end, limits.maxDepth, budget);
        if (match.kind === 'too_deep') stop(open, tooDeepIssue(limits.maxDepth));
        if (match.kind === 'budget_exhausted') stop(open, scanLimitIssue());
        const span = { start: open, end: match.end };
        const source = text.slice(open, match.end);
        if (!source.includes(':')) {
          index = match.end;
          continue;
        }
        if (match.closed && STRICT_JSON_START.test(source)) {
          const parsed = parseNearJson(source, limits.maxDepth, { repair: false });
          if (parsed.kind === 'too_deep') stop(open, tooDeepIssue(limits.maxDepth));
          if (parsed.kind === 'forbidden_key') {
            issues.push({ position: open, value: forbiddenKeyIssue(parsed.key) });
            index = match.end;
            continue;
          }
          if (parsed.kind === 'duplicate_key') {
            // Data may repeat a key harmlessly; a call that does is ambiguous.
            if (looksLikeCall(source, options.names)) {
              issues.push({ position: open, value: duplicateKeyIssue(parsed.key) });
            }
            index = match.end;
            continue;
          }
          if (parsed.kind === 'ok') {
            const found = recognizeCalls(parsed.value, options.isKnownName);
            if (found !== undefined) record(span, found);
            index = match.end;
            continue;
          }
        }
        kept.push(span);
        index = open + 1;
      }
    }
    for (const span of kept) {
      if (callSpans.some((call) => overlaps(span, call))) continue;
      const source = text.slice(span.start, span.end);
      // Code and prose in brackets are common; only what looks like a call is worth a repair.
      if (!looksLikeCall(source, options.names)) continue;
      spendRepair(span.start);
      const parsed = parseNearJson(source, limits.maxDepth, { repair: true });
      if (parsed.kind === 'too_deep') stop(span.start, tooDeepIssue(limits.maxDepth));
      if (parsed.kind === 'forbidden_key') {
        suspects.push({ ...span, issue: forbiddenKeyIssue(parsed.key) });
      } else if (parsed.kind === 'duplicate_key') {
        suspects.push({ ...span, issue: duplicateKeyIssue(parsed.key) });
      } else if (parsed.kind === 'ok') {
        const found = recognizeCalls(parsed.value, options.isKnownName);
        if (found !== undefined) {
          record(
            span,
            found.map((call) => (parsed.repaired ? { ...call, repaired: true } : call)),
          );
        }
      } else {
        suspects.push({
          ...span,
          issue: {
            reason: 'unparseable_json',
            message: `This function call is not valid JSON: ${excerpt(source)}`,
          },
        });
      }
    }
  } catch (error) {
    if (!(error instanceof ScanStopped)) throw error;
  }
  for (const suspect of outermostSuspects(suspects, callSpans)) {
    issues.push({ position: suspect.start, value: suspect.issue });
  }
  calls.sort((left, right) => left.position - right.position);
  return { calls, issues, attempts };
}

function nextOpener(text: string, from: number, end: number): number {
  for (let index = from; index < end; index += 1) {
    const char = text[index];
    if (char === '{' || char === '[') return index;
  }
  return -1;
}

function overlaps(left: Span, right: Span): boolean {
  return left.start < right.end && right.start < left.end;
}

function looksLikeCall(source: string, names: readonly string[]): boolean {
  if (CALL_KEY.test(source)) return true;
  return names.some(
    (name) =>
      source.includes(`"${name}"`) ||
      source.includes(`'${name}'`) ||
      source.includes(`\u201c${name}\u201d`),
  );
}

/**
 * The suspects that stand: those that overlap no found call (a span that runs into a call is
 * an artefact of the call's own text) and lie inside no other suspect.
 */
function outermostSuspects(suspects: readonly Suspect[], calls: readonly Span[]): Suspect[] {
  const contains = (outer: Span, inner: Span): boolean =>
    outer.start <= inner.start && inner.end <= outer.end && outer !== inner;
  return suspects.filter(
    (suspect) =>
      !calls.some((call) => overlaps(suspect, call)) &&
      !suspects.some((other) => contains(other, suspect)),
  );
}

/** The text of a span on one line, cut to 80 characters. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 80 ? flat : `${flat.slice(0, 77)}...`;
}

/** The issue for nesting past the bound. */
export function tooDeepIssue(maxDepth: number): CallIssue {
  return { reason: 'too_deep', message: `Your message nests JSON deeper than ${maxDepth} levels.` };
}

/** The issue for a text that costs more than the scan or attempt bound. */
export function scanLimitIssue(): CallIssue {
  return {
    reason: 'scan_limit_reached',
    message: 'Your message has too much bracketed text to search for function calls.',
  };
}

/** The issue for a forbidden key. */
export function forbiddenKeyIssue(key: string): CallIssue {
  return {
    reason: 'forbidden_key',
    message: `Your JSON uses the reserved key ${JSON.stringify(key)}, which is not allowed.`,
  };
}

/** The issue for a key written twice in one object of a call. */
export function duplicateKeyIssue(key: string): CallIssue {
  return {
    reason: 'duplicate_key',
    message: `Your JSON writes the key ${JSON.stringify(key)} twice in one object, so it is unclear which value counts; nothing was run. Write each key once.`,
  };
}
