/**
 * The YAML frontmatter of a `SKILL.md` (SEP-2640 "Skill Format": the file begins with it), read
 * as the JSON object a skill entry's `frontmatter` must equal.
 *
 * @module
 */

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

/** Whether two JSON values are equal: same members whatever their order, same items in order. */
export function sameJson(left: unknown, right: unknown): boolean {
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameJson(item, right[index]))
    );
  }
  if (isRecord(left) && isRecord(right)) {
    const keys = Object.keys(left);
    return (
      keys.length === Object.keys(right).length &&
      keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
    );
  }
  return Object.is(left, right);
}

/** The fields whose values differ between two frontmatter objects, sorted. */
export function differingFields(
  listed: Readonly<Record<string, unknown>>,
  read: Readonly<Record<string, unknown>>,
): string[] {
  const fields = new Set([...Object.keys(listed), ...Object.keys(read)]);
  return [...fields].filter((field) => !sameJson(listed[field], read[field])).sort();
}
