/**
 * Policy patterns: `server/tool` globs, bare server globs and tool id globs.
 *
 * @module
 */
import { matchesGlob } from './glob.js';

/** A parsed policy pattern. */
export type ToolPattern =
  | {
      /** A `server/tool` pattern (a bare server glob has tool glob `*`). */
      kind: 'tool';
      /** The glob over server names. */
      server: string;
      /** The glob over tool names. */
      tool: string;
    }
  | {
      /** A tool id pattern: it holds a `:`. */
      kind: 'toolId';
      /** The glob over tool ids. */
      toolId: string;
    };

/**
 * Parses a pattern: one with a `:` is a tool id glob; otherwise the text before the first `/`
 * is the server glob and the rest the tool glob (tool names may hold `/`, server names may
 * not); without a `/` the pattern names whole servers.
 */
export function parseToolPattern(pattern: string): ToolPattern {
  if (pattern.includes(':')) {
    return { kind: 'toolId', toolId: pattern };
  }
  const slash = pattern.indexOf('/');
  if (slash === -1) {
    return { kind: 'tool', server: pattern, tool: '*' };
  }
  return { kind: 'tool', server: pattern.slice(0, slash), tool: pattern.slice(slash + 1) };
}

/** The tool a pattern is matched against. */
export interface ToolRef {
  /** The server name (the key under `mcpServers`). */
  server: string;
  /** The tool's name as its server lists it. */
  tool: string;
  /** The gateway's `tool_id` of the tool, where there is one. */
  toolId?: string | undefined;
}

/** Whether a pattern matches a tool. A tool id pattern never matches a tool without an id. */
export function matchesTool(pattern: ToolPattern, ref: ToolRef): boolean {
  if (pattern.kind === 'toolId') {
    return ref.toolId !== undefined && matchesGlob(pattern.toolId, ref.toolId);
  }
  return matchesGlob(pattern.server, ref.server) && matchesGlob(pattern.tool, ref.tool);
}

/** Whether a pattern matches every tool of a server (`fs`, `fs/*`, `f*`, `*`). */
export function coversServer(pattern: ToolPattern, server: string): boolean {
  return pattern.kind === 'tool' && pattern.tool === '*' && matchesGlob(pattern.server, server);
}

/** Whether a pattern may match some tool of a server (tool id patterns always may). */
export function touchesServer(pattern: ToolPattern, server: string): boolean {
  return pattern.kind === 'toolId' || matchesGlob(pattern.server, server);
}
