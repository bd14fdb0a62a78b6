/**
 * How a key under `mcpServers` becomes a server name: real configurations use display
 * names such as `"Ant Design Components"`, which tool names and namespaces cannot hold.
 *
 * @module
 */

/** A valid server name: 1-64 of `A-Z a-z 0-9 _ - .`, starting with a letter or digit. */
export const SERVER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

const SERVER_NAME_MAX_LENGTH = 64;

/**
 * The server name a key stands for, deterministically, or `undefined` when the key holds
 * no letter or digit to name it by.
 *
 * A key that is already a valid name is kept as written. Any other key is lower-cased, each
 * run of characters outside `a-z 0-9 _ - .` becomes one `_`, leading `_ - .` and trailing
 * `_` are dropped and the result is cut to 64 characters (`"Ant Design Components"` →
 * `ant_design_components`). The result is a valid name, so mapping it again keeps it.
 */
export function toServerName(key: string): string | undefined {
  if (SERVER_NAME_PATTERN.test(key)) {
    return key;
  }
  const name = key
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '_')
    .replace(/^[_.-]+/, '')
    .slice(0, SERVER_NAME_MAX_LENGTH)
    .replace(/_+$/, '');
  return name === '' ? undefined : name;
}

/**
 * The pairs of distinct keys that map to the same server name, in key order: the first key
 * to take a name and each later key that maps to it.
 */
export function findServerNameCollisions(
  keys: readonly string[],
): Array<{ first: string; second: string; name: string }> {
  const owners = new Map<string, string>();
  const collisions: Array<{ first: string; second: string; name: string }> = [];
  for (const key of keys) {
    const name = toServerName(key);
    if (name === undefined) {
      continue;
    }
    const first = owners.get(name);
    if (first === undefined) {
      owners.set(name, key);
    } else {
      collisions.push({ first, second: key, name });
    }
  }
  return collisions;
}
