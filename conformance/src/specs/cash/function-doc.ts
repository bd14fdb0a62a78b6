/**
 * Reads the parameters out of a `help(namespace, function)` answer: the markdown table of the
 * RFC's examples (cash-rfc §4.2, §8.3: `| Name | Type | Required | Description |`), a markdown
 * list under a parameters heading (`- \`limit\` (integer, optional): ...`; the RFC prescribes no
 * layout), or a JSON `parameters` array (`[{name, type, required}]`) or object
 * (`{name: {type, required}}`).
 *
 * @module
 */

import { isRecord } from '../../session/json-rpc.js';
import { parseJsonObject } from './help-listing.js';

/** One documented parameter. */
export interface DocumentedParameter {
  /** The name as documented. */
  readonly name: string;
  /** The JSON Schema type word (`string`, `integer`, ...), lowercase; empty when not given. */
  readonly type: string;
  /** Whether the documentation marks it required. */
  readonly required: boolean;
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

function isRequiredWord(text: string): boolean {
  return /^(yes|y|true|required|✓|x)$/i.test(unquote(text));
}

/** A cell without its markup: `` `order_id` ``, `**order_id**` give `order_id`. */
function unquote(text: string): string {
  return text
    .trim()
    .replace(/^(\*\*|__)(.*)\1$/, '$2')
    .replaceAll('`', '')
    .trim();
}

function markdownParameters(text: string): DocumentedParameter[] {
  const rows = text.split('\n').filter((line) => /^\s*\|/.test(line));
  const header = rows[0];
  if (header === undefined) return [];
  const columns = cells(header).map((cell) => cell.toLowerCase());
  const nameColumn = columns.findIndex((column) => /name|param/.test(column));
  const typeColumn = columns.indexOf('type');
  const requiredColumn = columns.findIndex((column) => column.startsWith('required'));
  if (nameColumn < 0) return [];
  return rows
    .slice(1)
    .filter((row) => !/^\s*\|?\s*:?-{2,}/.test(row))
    .map((row) => {
      const values = cells(row);
      return {
        name: unquote(values[nameColumn] ?? ''),
        type: typeColumn < 0 ? '' : unquote(values[typeColumn] ?? '').toLowerCase(),
        required: requiredColumn >= 0 && isRequiredWord(values[requiredColumn] ?? ''),
      };
    })
    .filter((parameter) => parameter.name !== '');
}

/** A markdown heading, or a label line alone (`Returns:`, `**Arguments:**`): each opens a section. */
const SECTION_START = /^\s*(?:#{1,6}\s+.*|(?:\*\*|__)?[A-Za-z][\w ]{0,30}:?(?:\*\*|__)?:?\s*)$/;
/** The words that name a parameter section. */
const PARAMETER_WORDS = /\b(?:param(?:eter)?s?|arguments?|kwargs|inputs?)\b/i;
/** A list item at the left margin and the name it opens with (markup removed later). */
const LIST_ITEM = /^(?:[-*+]|\d+[.)])\s+(\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|[A-Za-z_][\w-]*)(.*)$/;
/** The first JSON Schema type word of a list item. */
const TYPE_WORD = /\b(string|integer|number|boolean|array|object)\b/i;

/** The parameters of the list items under a parameters heading. */
function listParameters(text: string): DocumentedParameter[] {
  const parameters: DocumentedParameter[] = [];
  let inList = false;
  for (const line of text.split('\n')) {
    if (SECTION_START.test(line) && line.trim() !== '') {
      inList = PARAMETER_WORDS.test(line);
      continue;
    }
    const item = inList ? LIST_ITEM.exec(line) : null;
    if (item === null) continue;
    const rest = item[2] ?? '';
    parameters.push({
      name: unquote(item[1] ?? ''),
      type: (TYPE_WORD.exec(rest)?.[1] ?? '').toLowerCase(),
      required: /\brequired\b/i.test(rest) && !/\b(?:optional|not required)\b/i.test(rest),
    });
  }
  return parameters.filter((parameter) => parameter.name !== '');
}

function jsonParameter(name: string, value: unknown): DocumentedParameter {
  const record = isRecord(value) ? value : {};
  return {
    name,
    type: typeof record.type === 'string' ? record.type.toLowerCase() : '',
    required: record.required === true,
  };
}

function jsonParameters(json: Readonly<Record<string, unknown>>): DocumentedParameter[] {
  const parameters = json.parameters ?? json.params;
  if (Array.isArray(parameters)) {
    return parameters.flatMap((item) =>
      isRecord(item) && typeof item.name === 'string' ? [jsonParameter(item.name, item)] : [],
    );
  }
  if (isRecord(parameters)) {
    return Object.entries(parameters).map(([name, value]) => jsonParameter(name, value));
  }
  return [];
}

/** The parameters a function's documentation lists (none when it lists none or cannot be read). */
export function parseParameters(text: string): DocumentedParameter[] {
  const json = parseJsonObject(text);
  if (json !== undefined) return jsonParameters(json);
  const table = markdownParameters(text);
  return table.length > 0 ? table : listParameters(text);
}

/** Words that say a function takes nothing: `No parameters.`, `Takes no arguments`, `Parameters: none`. */
const NO_PARAMETERS =
  /\b(?:no|without)\s+(?:parameters|arguments|kwargs|inputs)\b|\b(?:param(?:eter)?s|arguments|kwargs)\s*:\s*(?:none|-)\s*(?:$|\.)/im;

/**
 * Whether a function's documentation says the function takes no parameter: in words, or as an
 * empty JSON `parameters` (or `params`) array or object.
 */
export function statesNoParameters(text: string): boolean {
  const json = parseJsonObject(text);
  if (json === undefined) return NO_PARAMETERS.test(text);
  const parameters = json.parameters ?? json.params;
  if (Array.isArray(parameters)) return parameters.length === 0;
  return isRecord(parameters) && Object.keys(parameters).length === 0;
}
