/**
 * What the conformance probe upstream does with a call: answer it from the fixed catalog and
 * record that it arrived, so `probe_requests` can tell the checks what reached the upstream.
 *
 * @module
 */

import {
  PROBE_BAD_SCHEMA,
  PROBE_CARD_LONG,
  PROBE_CARD_SHORT,
  PROBE_CRASH,
  PROBE_ECHO,
  PROBE_FAIL,
  PROBE_REQUESTS,
  probeTool,
} from './probe-catalog.js';

/** One call the probe received. */
export interface ProbeRequest {
  /** 1 for the first recorded call, then counting up. */
  readonly seq: number;
  /** The tool name the call named. */
  readonly tool: string;
  /** The JSON of its arguments, cut to {@link MAX_RECORDED_ARGS} characters. */
  readonly args: string;
}

/** The answer `probe_requests` gives, as JSON: the key the checks look for. */
export interface ProbeRequestsAnswer {
  /** The recorded calls after the asked sequence number, oldest first. */
  readonly probe_requests: readonly ProbeRequest[];
}

/** A tool result of the probe (the MCP `CallToolResult` subset it uses). */
export interface ProbeResult {
  /** One text block. */
  readonly content: readonly { readonly type: 'text'; readonly text: string }[];
  /** Set on a tool-level error. */
  readonly isError?: true;
}

/** How much of the arguments' JSON a record keeps (large results need long arguments). */
export const MAX_RECORDED_ARGS = 200;

/** How many records one `probe_requests` answer gives at most (the newest ones). */
export const MAX_LISTED_REQUESTS = 40;

/** What `probe_crash` throws once recorded: the server answers it as a JSON-RPC error. */
export class ProbeCrashError extends Error {
  constructor(text: string) {
    super(`probe_crash failed on purpose: ${text}`);
    this.name = 'ProbeCrashError';
  }
}

/** The probe's calls and what it recorded of them. */
export interface ProbeRecorder {
  /**
   * Answers a `tools/call` of `name` with `args`, recording it unless it is `probe_requests`;
   * throws {@link ProbeCrashError} for a valid `probe_crash`.
   */
  call(name: string, args: Readonly<Record<string, unknown>>): ProbeResult;
}

function text(value: string, isError = false): ProbeResult {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) };
}

/** The most related records a lookup answers. */
export const MAX_RELATED = 1_000;

/** A lookup's answer: the record of `key`, then `limit` related records (capped), one a line. */
function lookup(key: string, limit: number): string {
  const related = Array.from(
    { length: Math.max(0, Math.min(limit, MAX_RELATED)) },
    (_, index) =>
      `related: ${key.slice(0, 4)}-${String(index + 1).padStart(4, '0')} count ${index % 1000}`,
  );
  return [`name: ${key}`, 'count: 0', 'note: none', ...related].join('\n');
}

/** The first required property `args` lacks or gives with the wrong JSON type, if any. */
function argumentProblem(
  name: string,
  args: Readonly<Record<string, unknown>>,
): string | undefined {
  const tool = probeTool(name);
  if (tool === undefined) return `unknown tool ${name}`;
  for (const [key, schema] of Object.entries(tool.inputSchema.properties)) {
    const value = args[key];
    if (value === undefined) {
      if (tool.inputSchema.required.includes(key)) return `${key} is required`;
      continue;
    }
    const matches =
      schema.type === 'integer' ? Number.isInteger(value) : typeof value === schema.type;
    if (!matches)
      return `${key} must be ${schema.type === 'integer' ? 'an integer' : `a ${schema.type}`}`;
  }
  return undefined;
}

/** A fresh recorder: every process of the probe upstream has one. */
export function createProbeRecorder(): ProbeRecorder {
  const requests: ProbeRequest[] = [];
  return {
    call(name, args) {
      if (name === PROBE_REQUESTS) {
        const after = typeof args.after === 'number' ? args.after : 0;
        const listed = requests
          .filter((request) => request.seq > after)
          .slice(-MAX_LISTED_REQUESTS);
        const answer: ProbeRequestsAnswer = { probe_requests: listed };
        return text(JSON.stringify(answer));
      }
      requests.push({
        seq: requests.length + 1,
        tool: name,
        args: (JSON.stringify(args) ?? '').slice(0, MAX_RECORDED_ARGS),
      });
      // No schema of unknown types can be checked: the tool answers that it should not be called.
      if (name === PROBE_BAD_SCHEMA) return text('a tool with a broken schema was called', true);
      const problem = argumentProblem(name, args);
      if (problem !== undefined) return text(`invalid arguments: ${problem}`, true);
      switch (name) {
        case PROBE_ECHO:
          return text(String(args.text));
        case PROBE_FAIL:
          return text(`refused: ${String(args.text)}`, true);
        case PROBE_CRASH:
          throw new ProbeCrashError(String(args.text));
        case PROBE_CARD_SHORT:
        case PROBE_CARD_LONG:
          return text(lookup(String(args.key), typeof args.limit === 'number' ? args.limit : 0));
        default:
          return text(`unknown tool ${name}`, true);
      }
    },
  };
}
