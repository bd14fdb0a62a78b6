/**
 * The YAML frontmatter of a `SKILL.md` (SEP-2640 "Skill Format": the file begins with it), read
 * as the JSON object a skill entry's `frontmatter` must equal.
 *
 * @module
 */

import { isDeepStrictEqual } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { isRecord } from '../../session/json-rpc.js';

/** The frontmatter of `text` as an object, or a string saying why there is none. */
export function parseFrontmatter(text: string): Readonly<Record<string, unknown>> | string {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .split('\n');
  if (lines[0] !== '---') return 'does not begin with a --- line';
  const end = lines.indexOf('---', 1);
  if (end === -1) return 'has no closing --- line after its frontmatter';
  let value: unknown;
  try {
    value = parseYaml(lines.slice(1, end).join('\n'));
  } catch (error) {
    return `has frontmatter that is not YAML (${error instanceof Error ? error.message : String(error)})`;
  }
  return isRecord(value) ? value : 'has frontmatter that is not a mapping';
}

/** The fields whose values differ between two frontmatter objects, sorted. */
export function differingFields(
  listed: Readonly<Record<string, unknown>>,
  read: Readonly<Record<string, unknown>>,
): string[] {
  const fields = new Set([...Object.keys(listed), ...Object.keys(read)]);
  return [...fields].filter((field) => !isDeepStrictEqual(listed[field], read[field])).sort();
}
