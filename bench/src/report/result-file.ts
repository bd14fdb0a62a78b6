import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serializes a result as JSON with object keys sorted at every level (arrays keep their order),
 * two-space indentation and a final newline, so that equal results are equal bytes.
 */
export function stringifyResult(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** Writes `<folder>/<name>.json` with {@link stringifyResult}; returns the path. */
export function writeResultFile(folder: string, name: string, value: unknown): string {
  return writeTextFile(folder, `${name}.json`, stringifyResult(value));
}

/** Writes a text file into `folder`, creating it; returns the path. */
export function writeTextFile(folder: string, fileName: string, text: string): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, fileName);
  writeFileSync(path, text);
  return path;
}

/** Rounds `value` to `decimals` places, for figures that results record. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, entry]) => [key, sortKeys(entry)]));
}
