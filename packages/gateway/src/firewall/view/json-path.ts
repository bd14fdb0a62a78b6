/**
 * The JSON path subset `tool_view` understands: parse, format and look up.
 *
 * Hand-written on purpose: the JSONPath libraries evaluate filter and script
 * expressions, an attack surface a model-controlled selector must not reach,
 * and `tool_view` needs only member and index steps.
 *
 * @module
 */

import { GatewayError } from '../../errors.js';

/**
 * One step of a JSON path: an object member by name, or an array element by
 * index (a negative index counts from the end).
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export type JsonPathStep =
  | {
      /** An object member. */
      kind: 'member';
      /** Its name. */
      name: string;
    }
  | {
      /** An array element. */
      kind: 'index';
      /** Its index; negative counts from the end. */
      index: number;
    };

/**
 * What {@link lookupJsonPath} finds.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export type JsonPathLookup =
  | {
      /** The path exists. */
      found: true;
      /** The value there. */
      value: unknown;
    }
  | {
      /** The path does not exist. */
      found: false;
      /** The longest prefix of the path that exists, formatted. */
      existing: string;
    };

/**
 * The most steps a path may have.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const MAX_JSON_PATH_STEPS = 64;

/** A member name written with a dot: `.items`, `.user_id`, `.$ref`, `.content-type`. */
const DOT_NAME = /^[A-Za-z_$][A-Za-z0-9_$-]*/;
const INDEX = /^(?:0|-?[1-9][0-9]{0,8})(?=\])/;

function viewFailed(message: string, path: string): GatewayError {
  return new GatewayError({
    code: 'VIEW_FAILED',
    message: `bad JSON path: ${message}`,
    data: { reason: 'json path', selector: path.slice(0, 200) },
  });
}

/**
 * Parses a JSON path of the form `$`, `$.name`, `$['any name']`,
 * `$["any name"]`, `$[3]`, `$[-1]` and any sequence of those steps.
 *
 * Inside quotes, `\\` escapes a backslash and `\'` / `\"` the quote; no other
 * escape exists. Anything else (filters, wildcards, slices, recursive
 * descent, more than {@link MAX_JSON_PATH_STEPS} steps) throws
 * {@link GatewayError} `VIEW_FAILED`.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function parseJsonPath(path: string): JsonPathStep[] {
  if (typeof path !== 'string' || !path.startsWith('$')) {
    throw viewFailed('a path starts with "$"', String(path));
  }
  const steps: JsonPathStep[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    if (steps.length >= MAX_JSON_PATH_STEPS) {
      throw viewFailed(`at most ${MAX_JSON_PATH_STEPS} steps`, path);
    }
    if (rest.startsWith('.')) {
      const name = DOT_NAME.exec(rest.slice(1))?.[0];
      if (name === undefined) throw viewFailed('a "." is followed by a name', path);
      steps.push({ kind: 'member', name });
      rest = rest.slice(1 + name.length);
    } else if (rest.startsWith('[')) {
      const quote = rest[1];
      if (quote === "'" || quote === '"') {
        const { name, length } = readQuoted(rest.slice(2), quote, path);
        steps.push({ kind: 'member', name });
        rest = rest.slice(2 + length);
      } else {
        const index = INDEX.exec(rest.slice(1))?.[0];
        if (index === undefined) throw viewFailed('"[" holds an integer or a quoted name', path);
        steps.push({ kind: 'index', index: Number(index) });
        rest = rest.slice(2 + index.length);
      }
    } else {
      throw viewFailed('steps are ".name", "[n]" or "[\'name\']"', path);
    }
  }
  return steps;
}

/** Reads a quoted name up to its closing quote and `]`; `length` counts both. */
function readQuoted(text: string, quote: string, path: string): { name: string; length: number } {
  let name = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (character === '\\') {
      const escaped = text[index + 1];
      if (escaped !== '\\' && escaped !== quote) throw viewFailed('unknown escape', path);
      name += escaped;
      index += 1;
    } else if (character === quote) {
      if (text[index + 1] !== ']') throw viewFailed('a quoted name ends with "]"', path);
      return { name, length: index + 2 };
    } else {
      name += character;
    }
  }
  throw viewFailed('unterminated quote', path);
}

/**
 * Writes steps as a path: the inverse of {@link parseJsonPath}.
 *
 * Names that fit the dot form are written `.name`, others `['name']` with
 * `\\` and `\'` escaped, so `parseJsonPath(formatJsonPath(steps))` equals
 * `steps` and a path written in this canonical form formats back to itself.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function formatJsonPath(steps: readonly JsonPathStep[]): string {
  let path = '$';
  for (const step of steps) {
    if (step.kind === 'index') path += `[${step.index}]`;
    else if (DOT_NAME.exec(step.name)?.[0] === step.name) path += `.${step.name}`;
    else path += `['${step.name.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
  }
  return path;
}

/**
 * The value at `steps` inside `value`, or `{ found: false }` with the
 * longest prefix of the path that exists. Own properties only, so `__proto__`
 * or `constructor` never reach the prototype.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function lookupJsonPath(value: unknown, steps: readonly JsonPathStep[]): JsonPathLookup {
  let current = value;
  for (const [position, step] of steps.entries()) {
    let next: { value: unknown } | undefined;
    if (step.kind === 'index' && Array.isArray(current)) {
      const index = step.index < 0 ? current.length + step.index : step.index;
      if (index >= 0 && index < current.length) next = { value: current[index] };
    } else if (
      step.kind === 'member' &&
      typeof current === 'object' &&
      current !== null &&
      !Array.isArray(current) &&
      Object.hasOwn(current, step.name)
    ) {
      next = { value: (current as Record<string, unknown>)[step.name] };
    }
    if (next === undefined)
      return { found: false, existing: formatJsonPath(steps.slice(0, position)) };
    current = next.value;
  }
  return { found: true, value: current };
}
