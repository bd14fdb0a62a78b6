/**
 * Which caller a session-store key belongs to, by the key convention every `@x` package follows.
 *
 * @module
 */

/** The caller scopes of `@x/core/serve` made of a kind and an id (`session:<id>`, ...). */
const TWO_PART_SCOPES = new Set(['session', 'principal', 'stdio']);

/**
 * The caller scope a key belongs to, under the `<feature>:<scope>:<name>` convention of
 * {@link SessionStore} keys: the scope is a caller scope of `@x/core/serve` (`session:<id>`,
 * `principal:<fingerprint>`, `stdio:<id>`, `anonymous`) or, for keys of other forms, the one
 * segment after the feature (a session id). A key without `:` belongs to the empty owner.
 * Keys of one caller under several features share an owner, so per-caller bounds count them
 * together.
 */
export function ownerOfKey(key: string): string {
  const parts = key.split(':');
  if (parts.length < 2) return '';
  const length = TWO_PART_SCOPES.has(parts[1] as string) && parts.length > 2 ? 2 : 1;
  return parts.slice(1, 1 + length).join(':');
}
