/**
 * Tolerant argument normalization (§4.4): a fixed, deterministic repair pass that runs before
 * strict validation, with exactly five rules.
 *
 * @module
 */

/**
 * The five repair rules of §4.4, in the order they are tried.
 *
 * @see gateway-surface §4.4 (tolerant argument normalization)
 */
export const ARGUMENT_REPAIR_RULES = [
  'parse_stringified_object',
  'str_to_integer',
  'str_to_number',
  'str_to_boolean',
  'str_to_null',
] as const;

/**
 * One of {@link ARGUMENT_REPAIR_RULES}.
 *
 * @see gateway-surface §4.4
 */
export type ArgumentRepairRule = (typeof ARGUMENT_REPAIR_RULES)[number];

/**
 * One applied repair: the rule and the JSON Pointer of the value it changed (`""` for the
 * arguments themselves).
 *
 * @see gateway-surface §4.4 (`provenance.arg_repairs`)
 */
export interface ArgumentRepair {
  /** The rule applied. */
  rule: ArgumentRepairRule;
  /** Where, as a JSON Pointer into the arguments. */
  path: string;
}

/**
 * The arguments after the repair pass, and every repair applied, in document order.
 *
 * @see gateway-surface §4.4
 */
export interface RepairedArguments {
  /** The arguments to validate: a copy when anything was repaired, else the input itself. */
  args: unknown;
  /** The repairs, in the order they were applied. */
  repairs: ArgumentRepair[];
}

const INTEGER_LITERAL = /^-?(0|[1-9][0-9]*)$/;
const NUMBER_LITERAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
/** The deepest nesting the pass walks; deeper values are left as they are. */
const MAX_REPAIR_DEPTH = 32;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON Schema `type`s a schema declares (none when it declares no `type`). */
function declaredTypes(schema: unknown): ReadonlySet<string> {
  if (!isPlainObject(schema)) return new Set();
  const { type } = schema;
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.filter((item) => typeof item === 'string'));
  return new Set();
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The repaired scalar and its rule, or `undefined` when no rule applies to `text` under `types`. */
function repairScalar(
  text: string,
  types: ReadonlySet<string>,
): { value: unknown; rule: ArgumentRepairRule } | undefined {
  if (types.has('string')) return undefined;
  if (types.has('integer') && INTEGER_LITERAL.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return { value, rule: 'str_to_integer' };
  }
  if (types.has('number') && NUMBER_LITERAL.test(text)) {
    const value = Number(text);
    if (Number.isFinite(value)) return { value, rule: 'str_to_number' };
  }
  if (types.has('boolean') && (text === 'true' || text === 'false')) {
    return { value: text === 'true', rule: 'str_to_boolean' };
  }
  if (types.has('null') && text === 'null') return { value: null, rule: 'str_to_null' };
  return undefined;
}

function repairValue(
  value: unknown,
  schema: unknown,
  path: string,
  depth: number,
  repairs: ArgumentRepair[],
): unknown {
  if (depth > MAX_REPAIR_DEPTH || !isPlainObject(schema)) return value;
  if (typeof value === 'string') {
    const repaired = repairScalar(value, declaredTypes(schema));
    if (repaired === undefined) return value;
    repairs.push({ rule: repaired.rule, path });
    return repaired.value;
  }
  if (Array.isArray(value)) {
    const { items } = schema;
    if (!isPlainObject(items)) return value;
    let changed = false;
    const result = value.map((item, index) => {
      const next = repairValue(item, items, `${path}/${index}`, depth + 1, repairs);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? result : value;
  }
  if (!isPlainObject(value) || !isPlainObject(schema.properties)) return value;
  const properties = schema.properties;
  let result: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(properties, key)) continue;
    const item = value[key];
    const next = repairValue(
      item,
      properties[key],
      `${path}/${escapePointer(key)}`,
      depth + 1,
      repairs,
    );
    if (next !== item) {
      result ??= { ...value };
      Object.defineProperty(result, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return result ?? value;
}

/**
 * Runs the five rules of §4.4 over call arguments before validation:
 *
 * - `parse_stringified_object`: arguments that are a string holding a JSON object (after a
 *   leading byte-order mark and surrounding whitespace are stripped) are parsed;
 * - `str_to_integer`, `str_to_number`, `str_to_boolean`, `str_to_null`: a string value whose
 *   schema `type` asks for an integer (an exact, safe integer literal), a number (a finite
 *   JSON number literal), a boolean (exactly `"true"` / `"false"`) or null (exactly `"null"`)
 *   becomes that value, but never where the schema also allows a string.
 *
 * Values are matched to schemas through `properties` and a single-schema `items`, nowhere
 * else (`$ref`, combinators and `additionalProperties` are not followed). Nothing is renamed,
 * dropped or guessed; what is not repaired goes to validation unchanged.
 *
 * @see gateway-surface §4.4 (tolerant argument normalization)
 */
export function repairArguments(args: unknown, schema: unknown): RepairedArguments {
  const repairs: ArgumentRepair[] = [];
  let value = args;
  if (typeof args === 'string') {
    const text = args.replace(/^\uFEFF/, '').trim();
    if (text.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (isPlainObject(parsed)) {
          value = parsed;
          repairs.push({ rule: 'parse_stringified_object', path: '' });
        }
      } catch {
        // Not JSON: validation refuses it as it is.
      }
    }
  }
  return { args: repairValue(value, schema, '', 0, repairs), repairs };
}
