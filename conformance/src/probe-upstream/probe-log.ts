/**
 * Reading the probe upstream's record back out of an answer that went through a gateway or an
 * aggregator: the `probe_requests` JSON may arrive as the answer's text, or inside a result
 * envelope (a summary, a content block), so every string in the answer is searched.
 *
 * @module
 */

import { isRecord } from '../session/json-rpc.js';
import type { ProbeRequest } from './probe-recorder.js';

/** The key the probe's answer starts with. */
const MARKER = '{"probe_requests":';

function isProbeRequest(value: unknown): value is ProbeRequest {
  return (
    isRecord(value) &&
    typeof value.seq === 'number' &&
    typeof value.tool === 'string' &&
    typeof value.args === 'string'
  );
}

function parseRequests(text: string): readonly ProbeRequest[] | undefined {
  const start = text.indexOf(MARKER);
  if (start < 0) return undefined;
  // The answer is one JSON object; anything after it (an envelope's own text) is cut by trying
  // each closing brace from the end.
  for (let end = text.lastIndexOf('}'); end > start; end = text.lastIndexOf('}', end - 1)) {
    try {
      const parsed: unknown = JSON.parse(text.slice(start, end + 1));
      if (isRecord(parsed) && Array.isArray(parsed.probe_requests)) {
        return parsed.probe_requests.every(isProbeRequest) ? parsed.probe_requests : undefined;
      }
    } catch {
      // not this brace
    }
  }
  return undefined;
}

/** Every string in `value`, depth first (texts, summaries, content blocks). */
function stringsOf(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, found);
  else if (isRecord(value)) for (const item of Object.values(value)) stringsOf(item, found);
  return found;
}

/**
 * The requests a `probe_requests` answer lists, found in any string of `answer` (a text, a
 * payload); `undefined` when none holds the probe's record.
 */
export function findProbeRequests(answer: unknown): readonly ProbeRequest[] | undefined {
  for (const text of stringsOf(answer)) {
    const requests = parseRequests(text);
    if (requests !== undefined) return requests;
  }
  return undefined;
}

/** The recorded calls of `tool` whose arguments' JSON contains `marker`. */
export function requestsWith(
  requests: readonly ProbeRequest[],
  tool: string,
  marker: string,
): readonly ProbeRequest[] {
  return requests.filter((request) => request.tool === tool && request.args.includes(marker));
}
