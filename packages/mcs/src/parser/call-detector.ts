/**
 * Tells, while a model's response streams in, whether it is a function call, as early as the
 * text allows, so a client can show prose as it comes and hold back the raw JSON of a call.
 *
 * @module
 */

import { matchBrackets } from './scan-candidates.js';

/**
 * What the text read so far is.
 *
 * - `undecided`: nothing can be shown yet; the start may still become a call.
 * - `text`: the start is prose; the first `textEnd` characters can be shown. A call may
 *   still follow, so a client keeps reading.
 * - `call`: a call starts at `textEnd` (0 when the whole response is a call); what comes
 *   before it is prose. Once `call`, the detector stays `call`.
 */
export interface CallDetection {
  /** The decision so far. */
  status: 'undecided' | 'text' | 'call';
  /** How many characters from the start are prose, safe to show. */
  textEnd: number;
}

/** What {@link createCallDetector} takes. */
export interface CallDetectorOptions {
  /**
   * The function names of the driver, so shapes the parser takes for a call only with a known
   * name (`{"name", "parameters"}`, `{"tool"}` alone) are recognized as early.
   */
  names: readonly string[];
  /** Characters read at most; beyond them the decision stays as it was. Default 1,000,000. */
  maxChars?: number;
}

/** A detector fed with the chunks of one streamed response. */
export interface CallDetector {
  /** Appends a chunk and returns the decision for the text so far. */
  push(chunk: string): CallDetection;
  /** The decision for the text so far. */
  readonly detection: CallDetection;
}

/** Lines and tags models write before a call: code fences and the tool-call tags of open models. */
const WRAPPERS = ['<tool_call>', '<|python_tag|>', '[TOOL_CALLS]', '<function_call>'] as const;

const FENCE = /^(?:`{3,}|~{3,})[^\n]*\n/;

const QUOTE = `["'\u201c\u201d\u2018\u2019]?`;

function key(words: string): RegExp {
  return new RegExp(`${QUOTE}\\b(?:${words})\\b${QUOTE}\\s*:`);
}

/** Keys that only calls carry. */
const CALL_ONLY_KEY = key('tool_calls|function_call|functionCall|action_input');
const TOOL_USE = new RegExp(`${QUOTE}\\btype\\b${QUOTE}\\s*:\\s*${QUOTE}tool_use\\b`);
const ARGUMENTS_KEY = key('arguments');
const NAMING_KEY = key('tool|name|function');
const TOOL_KEY = key('tool');
const INPUT_KEY = key('parameters|args|input');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when the JSON span read so far carries a call's keys; mirrors the parser's shapes. */
function looksLikeCall(span: string, knownName: RegExp | undefined): boolean {
  if (CALL_ONLY_KEY.test(span) || TOOL_USE.test(span)) return true;
  if (ARGUMENTS_KEY.test(span) && NAMING_KEY.test(span)) return true;
  if (TOOL_KEY.test(span) && INPUT_KEY.test(span)) return true;
  return knownName?.test(span) === true && (TOOL_KEY.test(span) || INPUT_KEY.test(span));
}

/** Skips a wrapper at `index`; `undefined` when the text ends inside what may be one. */
function skipWrapper(text: string, index: number): number | undefined {
  const rest = text.slice(index);
  for (const wrapper of WRAPPERS) {
    if (rest.startsWith(wrapper)) return index + wrapper.length;
    if (wrapper.startsWith(rest)) return undefined;
  }
  if (/^(?:`{3}|~{3})/.test(rest)) {
    const fence = FENCE.exec(rest);
    return fence === null ? undefined : index + fence[0].length;
  }
  return /^(?:`{1,2}|~{1,2})$/.test(rest) ? undefined : index;
}

const OPENER = /[{[`~<]/g;

/**
 * Decides what `text` is (see {@link CallDetection}): pure, so the same text always gives the
 * same decision.
 *
 * A candidate starts at the beginning or at a bracket, fence or tag in prose; after an
 * optional fence line or tool-call tag, a `{` or `[` opens JSON, read bracket by bracket:
 * it is a call as soon as it shows a call's keys (`tool_calls`, `function_call`, `functionCall`,
 * `action_input`, `"type": "tool_use"`, `arguments` beside `tool`/`name`/`function`, `tool`
 * beside `parameters`/`args`/`input`, or a known name beside them), and data once it closes
 * without them. Anything else is prose.
 */
export function detectCall(text: string, names: readonly string[]): CallDetection {
  const knownName =
    names.length === 0
      ? undefined
      : new RegExp(
          `:\\s*${QUOTE}(?:${names.map(escapeRegExp).join('|')})["'\u201c\u201d\u2018\u2019]`,
        );
  let index = 0;
  let prose = false;
  while (index < text.length) {
    const start = index + (text.slice(index).length - text.slice(index).trimStart().length);
    if (start >= text.length) break;
    const afterWrapper = skipWrapper(text, start);
    if (afterWrapper === undefined) return { status: prose ? 'text' : 'undecided', textEnd: start };
    const open =
      afterWrapper +
      (text.slice(afterWrapper).length - text.slice(afterWrapper).trimStart().length);
    if (open >= text.length) return { status: prose ? 'text' : 'undecided', textEnd: start };
    const char = text.charAt(open);
    if (char === '{' || char === '[') {
      const match = matchBrackets(text, open, text.length, 256, {
        remainingChars: 4 * text.length,
      });
      const end = match.kind === 'span' ? match.end : text.length;
      if (looksLikeCall(text.slice(open, end), knownName))
        return { status: 'call', textEnd: start };
      if (match.kind !== 'span' || !match.closed) {
        if (match.kind === 'span' && match.end < text.length) {
          index = match.end;
          prose = true;
          continue;
        }
        return { status: prose ? 'text' : 'undecided', textEnd: start };
      }
      index = end;
      prose = true;
      continue;
    }
    prose = true;
    OPENER.lastIndex = open + 1;
    const next = OPENER.exec(text);
    if (next === null) return { status: 'text', textEnd: text.length };
    index = next.index;
  }
  return { status: prose ? 'text' : 'undecided', textEnd: text.length };
}

/**
 * Creates a detector for one streamed response; feed it each chunk as it arrives.
 *
 * @example
 * ```ts
 * const detector = createCallDetector({ names: driver.listFunctions().map((f) => f.name) });
 * for await (const chunk of stream) {
 *   const { status, textEnd } = detector.push(chunk);
 *   // show the text up to textEnd; hide the rest while status is 'call' or 'undecided'
 * }
 * ```
 * @see mcs §3.3
 */
export function createCallDetector(options: CallDetectorOptions): CallDetector {
  const maxChars = options.maxChars ?? 1_000_000;
  let text = '';
  let detection: CallDetection = { status: 'undecided', textEnd: 0 };
  return {
    push(chunk) {
      if (detection.status === 'call' || text.length >= maxChars) return detection;
      text += chunk.slice(0, maxChars - text.length);
      detection = detectCall(text, options.names);
      return detection;
    },
    get detection() {
      return detection;
    },
  };
}
