/**
 * Mounts: namespaces whose content lives elsewhere (an upstream MCP or CaSH server).
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import type { CashFunction } from './definitions.js';

/**
 * A skill as the server serves it: a builder's text, or an upstream's prompt.
 *
 * @see cash-rfc §4.3
 */
export interface CashSkill {
  /** The label as registered (display form). */
  label: string;
  /** One line for listings. */
  description: string;
  /** Labels for the visibility hook. */
  tags: readonly string[];
  /** The instructions with `kwargs` filled in. */
  render(kwargs: Record<string, unknown>, signal: AbortSignal): Promise<string>;
}

/** What a mount currently holds: one flat namespace of functions and skills. */
export interface MountedContent {
  /** The functions, in a stable order. */
  functions: CashFunction[];
  /** The skills, in a stable order. */
  skills: CashSkill[];
}

/** One of the upstream's three tools, forwarded as they are. */
export type ForwardTool = (
  tool: 'call' | 'help' | 'skill',
  args: Record<string, unknown>,
  signal: AbortSignal,
) => Promise<CallToolResult>;

/**
 * What an opened mount serves.
 *
 * - `content`: this package's own `help`, `call` and `skill` serve the content (a plain MCP
 *   server's tools become functions).
 * - `forward`: `help`, `call` and `skill` go to an upstream CaSH server, whose namespaces
 *   appear under the mount's label.
 *
 * @see cash-rfc §5.4
 */
export type MountTarget =
  | {
      /** Served here. */
      kind: 'content';
      /** The functions and skills. */
      content: MountedContent;
    }
  | {
      /** Forwarded. */
      kind: 'forward';
      /** Calls the upstream's tools. */
      forward: ForwardTool;
    };

/**
 * A namespace whose content lives elsewhere (an upstream server). The engine opens it on each
 * use; failures reject and are answered as the namespace's upstream errors.
 *
 * @see cash-rfc §5.4
 */
export interface NamespaceMount {
  /**
   * The one-liner for the parent's listing (from what is cached; never waits). A count of
   * functions in it counts only those `visible` accepts (the caller's view).
   */
  summary(visible?: (entry: CashFunction) => boolean): string;
  /** Whether the last contact with the upstream succeeded (`available: false` in listings). */
  available(): boolean;
  /** What the mount serves now; cached by the mount, refreshed when the upstream changes. */
  open(signal: AbortSignal): Promise<MountTarget>;
  /** Releases the upstream; idempotent. */
  close(): Promise<void>;
}
