/**
 * Manifests as text: YAML (the served form) and JSON, both ways.
 *
 * @module
 */

import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { CashError } from '../errors.js';
import { type CashManifest, CashManifestSchema } from './manifest-schema.js';

/** The largest manifest text accepted, in characters. */
export const MAX_MANIFEST_CHARACTERS = 256 * 1024;

/**
 * A manifest as YAML (keys in schema order, strings quoted only where YAML needs it) or as
 * compact JSON. Same manifest, same bytes.
 *
 * @see cash-rfc §5.5
 */
export function serializeManifest(manifest: CashManifest, format: 'yaml' | 'json'): string {
  const ordered = CashManifestSchema.parse(manifest);
  return format === 'json' ? JSON.stringify(ordered) : stringifyYaml(ordered, { lineWidth: 0 });
}

/**
 * Parses and validates a manifest text (YAML, which includes JSON).
 *
 * @throws CashError `INVALID_MANIFEST` naming `source` and the first bad field
 *   (`data.issues` lists up to 10 as `{ path, message }`).
 * @see cash-rfc §5.5
 */
export function parseManifest(text: string, source: string): CashManifest {
  if (text.length > MAX_MANIFEST_CHARACTERS) {
    throw new CashError({
      code: 'INVALID_MANIFEST',
      message: `${source}: the manifest is larger than ${MAX_MANIFEST_CHARACTERS} characters`,
    });
  }
  let value: unknown;
  try {
    value = parseYaml(text, { maxAliasCount: 50 });
  } catch (error) {
    throw new CashError({
      code: 'INVALID_MANIFEST',
      message: `${source}: not YAML: ${(error as Error).message.split('\n')[0]}`,
      cause: error,
    });
  }
  return validateManifest(value, source);
}

/**
 * Validates a parsed manifest value against the §5.5 schema.
 *
 * @throws CashError `INVALID_MANIFEST` naming `source` and the first bad field
 *   (`data.issues` lists up to 10 as `{ path, message }`).
 */
export function validateManifest(value: unknown, source: string): CashManifest {
  const result = CashManifestSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 10).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  throw new CashError({
    code: 'INVALID_MANIFEST',
    message: `${source}: ${first === undefined || first.path === '' ? 'the manifest' : `field ${first.path}`} ${first?.message ?? 'is invalid'}`,
    data: { issues },
  });
}
