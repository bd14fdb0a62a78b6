/**
 * `tool_view`: bounded drill-down into an artifact with a selector.
 *
 * @module
 */

import { nestsDeeperThan } from '@x/core/json';
import { RE2JS } from 're2js';
import type { Artifact } from '../../artifacts/artifact.js';
import { GatewayError } from '../../errors.js';
import { capLength } from '../../util/strings.js';
import { formatJsonPath, type JsonPathStep, lookupJsonPath } from './json-path.js';
import {
  DEFAULT_HEAD_LINES,
  formatViewSelector,
  parseViewSelector,
  type ViewSelector,
} from './view-selector.js';

/**
 * Bounds of one view.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export interface ViewLimits {
  /** The longest text a view returns, in UTF-16 code units; longer is cut. Default 8,000. */
  maxChars: number;
  /** The most lines or rows one view selects. Default 500. */
  maxSpan: number;
  /** The most matching lines a grep lists (it still counts them all). Default 50. */
  maxMatches: number;
  /** The longest matching line a grep shows, in code units. Default 300. */
  maxLineChars: number;
  /**
   * The deepest nesting of arrays and objects a JSON view renders (`json_path`, each row of
   * `rows`); deeper values fail with `VIEW_FAILED` (reason `too deep`). Default 100.
   */
  maxDepth: number;
}

/**
 * The default {@link ViewLimits}.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const DEFAULT_VIEW_LIMITS: Readonly<ViewLimits> = {
  maxChars: 8_000,
  maxSpan: 500,
  maxMatches: 50,
  maxLineChars: 300,
  maxDepth: 100,
};

/**
 * What a view returns.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export interface ViewResult {
  /** The artifact's handle. */
  handle: string;
  /** The selector that ran, in canonical form. */
  selector: string;
  /** What it selected (JSON text for JSON selectors). */
  text: string;
  /** How many lines, rows, keys or matches there are in all. */
  total: number;
  /** What `total` counts. */
  unit: 'lines' | 'rows' | 'keys' | 'matches' | 'chars';
  /** True when `text` was cut to the view's bounds. */
  truncated: boolean;
  /** A selector for what comes next, when there is more. */
  next?: string;
}

function viewFailed(message: string, data: Record<string, unknown> = {}): GatewayError {
  return new GatewayError({ code: 'VIEW_FAILED', message, data });
}

/**
 * Cuts text to `maxChars`: at the last line break when there is one in the
 * second half (whole lines only), else mid-line with `…`. `complete` is the
 * number of whole lines kept.
 */
function cap(
  text: string,
  maxChars: number,
): { text: string; truncated: boolean; complete: number } {
  if (text.length <= maxChars) return { text, truncated: false, complete: lineCount(text) };
  const cut = text.lastIndexOf('\n', maxChars - 1);
  if (cut > maxChars / 2) {
    const kept = text.slice(0, cut);
    return { text: kept, truncated: true, complete: lineCount(kept) };
  }
  const kept = capLength(text, maxChars);
  return { text: kept, truncated: true, complete: lineCount(kept) - 1 };
}

function lineCount(text: string): number {
  let count = 1;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1))
    count += 1;
  return count;
}

/**
 * Runs a selector on an artifact.
 *
 * A selector outside the grammar (see `parseViewSelector`), a JSON selector
 * on an artifact that is not JSON, a path that does not exist (the longest
 * existing prefix is in `data.existing`), `rows` on a non-array, a range
 * past the end, or a grep pattern RE2 refuses throws {@link GatewayError}
 * `VIEW_FAILED`. Grep runs on RE2 (`re2js`), whose matching time is linear
 * in the input, so no pattern can hang the server. Deterministic: the same
 * artifact and selector always give the same result.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function viewArtifact(
  artifact: Artifact,
  selector: string,
  limits: ViewLimits = DEFAULT_VIEW_LIMITS,
): ViewResult {
  const parsed = parseViewSelector(selector);
  const base = { handle: artifact.handle, selector: formatViewSelector(parsed) };
  switch (parsed.kind) {
    case 'head':
      return { ...base, ...lineRange(artifact, 1, parsed.count ?? DEFAULT_HEAD_LINES, limits) };
    case 'lines':
      return { ...base, ...lineRange(artifact, parsed.start, parsed.end, limits) };
    case 'grep':
      return { ...base, ...grep(artifact, parsed.pattern, limits) };
    default:
      return { ...base, ...jsonView(artifact, parsed, limits) };
  }
}

type ViewBody = Omit<ViewResult, 'handle' | 'selector'>;

function lineRange(artifact: Artifact, start: number, end: number, limits: ViewLimits): ViewBody {
  const lines = artifact.lines();
  if (start > lines.length) {
    throw viewFailed(`the artifact has ${lines.length} lines`, { lines: lines.length });
  }
  const last = Math.min(end, lines.length, start + limits.maxSpan - 1);
  const { text, truncated, complete } = cap(
    lines.slice(start - 1, last).join('\n'),
    limits.maxChars,
  );
  const nextStart = start + Math.max(complete, 1);
  return {
    text,
    total: lines.length,
    unit: 'lines',
    truncated: truncated || last < Math.min(end, lines.length),
    ...(nextStart <= lines.length
      ? { next: `lines:${nextStart}-${Math.min(lines.length, nextStart + (last - start))}` }
      : {}),
  };
}

function grep(artifact: Artifact, pattern: string, limits: ViewLimits): ViewBody {
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch (error) {
    throw viewFailed(
      `RE2 refuses the pattern: ${error instanceof Error ? error.message : String(error)}`,
      { reason: 'pattern' },
    );
  }
  const shown: string[] = [];
  let matches = 0;
  for (const [index, line] of artifact.lines().entries()) {
    if (!compiled.test(line)) continue;
    matches += 1;
    if (shown.length < limits.maxMatches)
      shown.push(`${index + 1}: ${capLength(line, limits.maxLineChars)}`);
  }
  const { text, truncated } = cap(shown.join('\n'), limits.maxChars);
  return {
    text,
    total: matches,
    unit: 'matches',
    truncated: truncated || matches > shown.length,
  };
}

type JsonSelector = Extract<ViewSelector, { kind: 'json_keys' | 'rows' | 'json_path' }>;

function jsonValue(artifact: Artifact, path: readonly JsonPathStep[]): unknown {
  const parsed = artifact.json();
  if (!parsed.ok) {
    throw viewFailed(`the artifact is not JSON (${artifact.mediaType}); use head, lines or grep`, {
      reason: 'not json',
    });
  }
  const found = lookupJsonPath(parsed.value, path);
  if (!found.found) {
    throw viewFailed(`nothing at ${formatJsonPath(path)}; ${found.existing} exists`, {
      reason: 'path not found',
      existing: found.existing,
    });
  }
  return found.value;
}

/** Refuses to render a value nested deeper than the view's `maxDepth`. */
function checkDepth(value: unknown, where: string, limits: ViewLimits): void {
  if (!nestsDeeperThan(value, limits.maxDepth)) return;
  throw viewFailed(
    `${where} nests deeper than ${limits.maxDepth} levels (the view's maxDepth); select a deeper path, or use head, lines or grep`,
    { reason: 'too deep', maxDepth: limits.maxDepth },
  );
}

function jsonView(artifact: Artifact, selector: JsonSelector, limits: ViewLimits): ViewBody {
  const path = selector.path ?? [];
  const value = jsonValue(artifact, path);
  if (selector.kind === 'json_path') {
    checkDepth(value, `the value at ${formatJsonPath(path)}`, limits);
    const json = JSON.stringify(value, null, 2) ?? 'null';
    const { text, truncated } = cap(json, limits.maxChars);
    return { text, truncated, total: json.length, unit: 'chars' };
  }
  if (selector.kind === 'json_keys') {
    if (Array.isArray(value)) {
      return {
        text: JSON.stringify({ type: 'array', length: value.length }),
        total: value.length,
        unit: 'rows',
        truncated: false,
      };
    }
    if (typeof value !== 'object' || value === null) {
      return {
        text: JSON.stringify({ type: value === null ? 'null' : typeof value }),
        total: 0,
        unit: 'keys',
        truncated: false,
      };
    }
    const keys = Object.keys(value);
    const { text, truncated } = cap(JSON.stringify({ type: 'object', keys }), limits.maxChars);
    return { text, truncated, total: keys.length, unit: 'keys' };
  }
  if (!Array.isArray(value)) {
    throw viewFailed('rows need an array; json_keys shows what is there', {
      reason: 'not an array',
    });
  }
  if (selector.start >= value.length && value.length > 0) {
    throw viewFailed(`the array has ${value.length} rows`, { rows: value.length });
  }
  const last = Math.min(selector.end, value.length - 1, selector.start + limits.maxSpan - 1);
  const selected = value.slice(selector.start, last + 1);
  selected.forEach((row, index) => {
    checkDepth(row, `row ${selector.start + index}`, limits);
  });
  const rows = selected.map((row) => JSON.stringify(row) ?? 'null');
  const { text, truncated, complete } = cap(rows.join('\n'), limits.maxChars);
  const nextStart = selector.start + Math.max(complete, 1);
  const suffix = selector.path === undefined ? '' : `:${formatJsonPath(selector.path)}`;
  return {
    text,
    total: value.length,
    unit: 'rows',
    truncated: truncated || last < Math.min(selector.end, value.length - 1),
    ...(nextStart < value.length
      ? {
          next: `rows:${nextStart}-${Math.min(value.length - 1, nextStart + (last - selector.start))}${suffix}`,
        }
      : {}),
  };
}
