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
    secrets.push(...Object.values(server.headers ?? {}));
    try {
      const url = new URL(server.url);
      if (url.password !== '') secrets.push(decodeURIComponent(url.password));
      if (url.username !== '') secrets.push(decodeURIComponent(url.username));
    } catch {
      // The configuration parser has refused such a URL already.
    }
  }
  return secrets;
}
