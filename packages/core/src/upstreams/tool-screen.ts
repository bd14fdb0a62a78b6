/**
 * The `toolScreen` hook of {@link UpstreamOptions}: a gate every listed tool passes.
 *
 * @module
 */
import type { Tool } from '@modelcontextprotocol/server';

/**
 * Decides which of an upstream's tools are served, after the entry's `include` / `exclude`.
 * `@x/core/integrity` implements it to hold back quarantined tools.
 */
export interface ToolScreen {
  /** The tools of `server`'s listing that may be served, in the listing's order. */
  screen(server: string, tools: readonly Tool[]): Promise<Tool[]>;
  /**
   * Whether a call to `tool` may go through, from the last screening of `server`'s listing;
   * `undefined` when that listing did not have the tool (the upstream lists again, then refuses
   * a tool still unknown).
   */
  admits(server: string, tool: string): boolean | undefined;
}
