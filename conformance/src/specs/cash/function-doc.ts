/**
 * Reads the parameters out of a `help(namespace, function)` answer: the markdown table of the
 * RFC's examples (cash-rfc §4.2, §8.3: `| Name | Type | Required | Description |`) or a JSON
 * `parameters` array (`[{name, type, required}]`) or object (`{name: {type, required}}`).
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
  return json === undefined ? markdownParameters(text) : jsonParameters(json);
}
