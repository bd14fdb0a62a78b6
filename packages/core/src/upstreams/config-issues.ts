/**
 * Turns zod issues of an `mcpServers` file into one-line messages that name the file, the
 * server and the field, and never quote a value (values may be secrets).
 *
 * @module
 */
import type { z } from 'zod';

/** One problem found in an `mcpServers` file. */
export interface ConfigProblem {
  /** The server name, when the problem is inside a server entry. */
  server?: string;
  /** The field path inside the entry (or the file, outside entries), like `args[1]`. */
  field?: string;
  /** What is wrong, without the value itself. */
  message: string;
}

const MAX_QUOTED_LENGTH = 60;
const IDENTIFIER_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** Quotes a name for a message, cut to a readable length. */
export function quoteName(name: string): string {
  const cut = name.length > MAX_QUOTED_LENGTH ? `${name.slice(0, MAX_QUOTED_LENGTH)}...` : name;
  return JSON.stringify(cut);
}

/** Formats a path like `args[1]`, `env.API_KEY` or `headers["x y"]`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') {
      text += `[${segment}]`;
    } else if (typeof segment === 'string' && IDENTIFIER_PATTERN.test(segment)) {
      text += text === '' ? segment : `.${segment}`;
    } else {
      text += `[${quoteName(String(segment))}]`;
    }
  }
  return text;
}

/** The kind of a JSON value, in words (`string`, `array`, `null`, ...). */
function kindOf(value: unknown): string {
  if (value === null) {
    return 'null';
  }
  if (Array.isArray(value)) {
    return 'array';
  }
  return typeof value;
}

function describeExpected(expected: string): string {
  return expected === 'record' ? 'object' : expected;
}

/** The message of one issue, with zod's default wording replaced where it helps. */
function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'required'
        : `expected ${describeExpected(issue.expected)}, got ${kindOf(issue.input)}`;
    case 'invalid_key':
      return issue.issues[0]?.message ?? issue.message;
    default:
      return issue.message;
  }
}

/** Splits a zod issue path of an `mcpServers` file into server and field, and describes it. */
function toProblems(issue: z.core.$ZodIssue): ConfigProblem[] {
  const [root, server, ...field] = issue.path;
  const inServer = root === 'mcpServers' && server !== undefined;
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      ...(inServer ? { server: String(server) } : {}),
      field: formatFieldPath([...(inServer ? field : issue.path), key]),
      message: 'unknown field (not part of the format nor of our extensions)',
    }));
  }
  if (!inServer) {
    if (issue.path.length === 0 && issue.code === 'invalid_type') {
      return [
        {
          message: `expected a JSON object with an "mcpServers" field, got ${kindOf(issue.input)}`,
        },
      ];
    }
    return [{ field: formatFieldPath(issue.path), message: describeIssue(issue) }];
  }
  const problem: ConfigProblem = { server: String(server), message: describeIssue(issue) };
  if (issue.code === 'invalid_key' && field.length === 0) {
    problem.message = `invalid server name: ${problem.message}`;
    return [problem];
  }
  if (field.length > 0) {
    problem.field = formatFieldPath(field);
  }
  return [problem];
}

/** Every problem of a failed parse, in zod's order. */
export function describeConfigIssues(issues: readonly z.core.$ZodIssue[]): ConfigProblem[] {
  return issues.flatMap(toProblems);
}

/** One line for a problem: `server "fs": field "args[1]": expected string, got number`. */
export function formatConfigProblem(problem: ConfigProblem): string {
  const parts: string[] = [];
  if (problem.server !== undefined) {
    parts.push(`server ${quoteName(problem.server)}`);
  }
  if (problem.field !== undefined) {
    parts.push(`field ${quoteName(problem.field)}`);
  }
  parts.push(problem.message);
  return parts.join(': ');
}
