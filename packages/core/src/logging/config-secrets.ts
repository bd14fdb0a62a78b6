/**
 * The secrets an `mcpServers` configuration holds, for the log's redactor.
 *
 * @module
 */

import type { McpServersConfig } from '../upstreams/config-schema.js';

/**
 * Every value that may be a secret: each server's `env` values and `headers` values, and the
 * user information of each server URL.
 */
export function secretsOfMcpServersConfig(config: McpServersConfig): string[] {
  const secrets: string[] = [];
  for (const server of Object.values(config.mcpServers)) {
    if (server.type === 'stdio') {
      secrets.push(...Object.values(server.env ?? {}));
      continue;
    }
    secrets.push(...Object.values(server.headers ?? {}), ...secretsOfUrl(server.url));
  }
  return secrets;
}

/** The user name and password of a URL (`redis://user:password@host`), if it has them. */
export function secretsOfUrl(text: string): string[] {
  try {
    const url = new URL(text);
    return [url.username, url.password]
      .filter((part) => part !== '')
      .map((part) => decodeURIComponent(part));
  } catch {
    return [];
  }
}
