/** Absolute path of the 2026-07-28-only fixture server (it refuses 2025 traffic). */
export const MODERN_ONLY_SERVER: string;

/** The fixture as an `mcpServers` entry, started by {@link startModernOnly}. */
export interface ModernOnlyUpstream {
  /** The entry: `{type: 'stdio', command, args}` or `{type: 'http', url}`. */
  entry: { type: 'stdio'; command: string; args: string[] } | { type: 'http'; url: string };
  /** Stops the HTTP server (nothing to do over stdio: the consumer owns that process). */
  close(): Promise<void>;
}

/**
 * The fixture as an `mcpServers` entry over `transport`: over stdio, a command line with this
 * very node binary; over HTTP, a running server's URL.
 */
export function startModernOnly(transport: 'stdio' | 'http'): Promise<ModernOnlyUpstream>;

/** The fixture running over Streamable HTTP, started by {@link startModernOnlyHttp}. */
export interface ModernOnlyHttpServer {
  /** Its MCP endpoint, `http://127.0.0.1:PORT/mcp`. */
  url: URL;
  /** Stops it and resolves once the process has exited. */
  close(): Promise<void>;
}

/** Starts the fixture over Streamable HTTP and resolves once it listens. */
export function startModernOnlyHttp(): Promise<ModernOnlyHttpServer>;

/**
 * Starts a fixture script that serves Streamable HTTP on 127.0.0.1 and prints
 * `FIXTURE_LISTENING <port>` on stderr (for example `large-result-http-server.mjs`).
 */
export function startHttpFixture(script: string, args?: string[]): Promise<ModernOnlyHttpServer>;
