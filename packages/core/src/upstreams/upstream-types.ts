/**
 * The public shape of one upstream: {@link Upstream}, its status and per-call options.
 *
 * @module
 */

import type { DirectoryResource, Skill } from '@modelcontextprotocol/core/ext/skills';
import type {
  CallToolResult,
  GetPromptResult,
  Implementation,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/server';
import type { UpstreamConfig } from './config-schema.js';
import type { ListChangedKind } from './connection.js';

/**
 * Where an upstream stands.
 *
 * - `idle`: never connected; the first operation (or `connect()`) connects.
 * - `connecting`: the first connection is being made.
 * - `ready`: connected.
 * - `reconnecting`: the connection was lost or an attempt failed; the next operation
 *   reconnects once the backoff delay has passed, and fails fast before that. After a failed
 *   attempt the upstream also tries again by itself once the delay has passed.
 * - `failed`: `reconnect.maxAttempts` consecutive failures; operations fail fast until an
 *   explicit `connect()`.
 * - `closed`: `close()` was called; every operation fails with `CLOSED`.
 */
export type UpstreamStatus = 'idle' | 'connecting' | 'ready' | 'reconnecting' | 'failed' | 'closed';

/** Per-operation options: a timeout (overrides the config's `timeoutMs`) and a signal. */
export interface UpstreamRequestOptions {
  /** Budget of the whole operation in ms, connecting and every page included. */
  timeoutMs?: number;
  /** Aborting it cancels the operation (`CANCELLED`) and sends `notifications/cancelled`. */
  signal?: AbortSignal;
}

/** A live connection to one upstream, reconnecting with backoff (created by `createUpstream`). */
export interface Upstream {
  /** The server name from the configuration. */
  readonly name: string;
  /** The validated server entry. */
  readonly config: UpstreamConfig;
  /** Where the upstream stands. */
  readonly status: UpstreamStatus;
  /** The stdio child process id while one runs; undefined for HTTP. */
  readonly pid: number | undefined;
  /** Connects now (or waits for the attempt under way), ignoring any backoff delay. */
  connect(): Promise<void>;
  /** Every tool over all pages, after `include` / `exclude`; [] if the server has no tools. */
  listTools(options?: UpstreamRequestOptions): Promise<Tool[]>;
  /** Every resource over all pages; [] if the server has no resources. */
  listResources(options?: UpstreamRequestOptions): Promise<Resource[]>;
  /** Every resource template over all pages; [] if the server has no resources. */
  listResourceTemplates(options?: UpstreamRequestOptions): Promise<ResourceTemplateType[]>;
  /** Every prompt over all pages; [] if the server has no prompts. */
  listPrompts(options?: UpstreamRequestOptions): Promise<Prompt[]>;
  /**
   * Every skill of the Skills extension (SEP-2640 `skills/list`) over all pages; [] if the
   * server does not declare the extension.
   */
  listSkills(options?: UpstreamRequestOptions): Promise<Skill[]>;
  /**
   * One skill's entry by its `SKILL.md` URI (`skills/get`). Refused with `INVALID_ARGUMENT`
   * when the server does not declare the extension.
   */
  getSkill(uri: string, options?: UpstreamRequestOptions): Promise<Skill>;
  /**
   * The direct children of a directory resource (`resources/directory/read`) over all pages.
   * Refused with `INVALID_ARGUMENT` when the server does not declare `directoryRead`.
   */
  readResourceDirectory(
    uri: string,
    options?: UpstreamRequestOptions,
  ): Promise<DirectoryResource[]>;
  /**
   * Calls a tool. A tool's own failure is a result with `isError: true`, not a rejection.
   * A tool hidden by `include` / `exclude` is refused with `INVALID_ARGUMENT`.
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: UpstreamRequestOptions,
  ): Promise<CallToolResult>;
  /** Reads a resource. */
  readResource(uri: string, options?: UpstreamRequestOptions): Promise<ReadResourceResult>;
  /** Gets a prompt with its arguments. */
  getPrompt(
    name: string,
    args?: Record<string, string>,
    options?: UpstreamRequestOptions,
  ): Promise<GetPromptResult>;
  /** The server's capabilities as of the latest successful connect. */
  serverCapabilities(): ServerCapabilities | undefined;
  /** The server's name and version as of the latest successful connect. */
  serverInfo(): Implementation | undefined;
  /** The server's instructions as of the latest successful connect. */
  instructions(): string | undefined;
  /**
   * The protocol era of the latest successful connect: `modern` (2026-07-28, reached through
   * `server/discover`) or `legacy` (the 2025 `initialize` handshake); undefined before it.
   */
  era(): 'legacy' | 'modern' | undefined;
  /**
   * Calls `listener` when a list changed: on the server's `list_changed` notifications, and
   * after a reconnect (for each list the server offers). Returns the unsubscribe function.
   */
  onListChanged(listener: (kind: ListChangedKind) => void): () => void;
  /** Closes the connection and ends every child process; idempotent. */
  close(): Promise<void>;
}
