/**
 * The parts of a tool that integrity watches, and their digest.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import type { Tool } from '@modelcontextprotocol/server';
import { stableStringify } from '../catalog-server/stable-json.js';
import type { JsonValue } from '../sessions/session-store.js';

/**
 * What a model reads of one tool: its name, title, description, input and output schema and
 * annotations (MCP 2025-11-25 Server Tools §"Tool"). Everything else (`_meta`, `icons`,
 * `execution`) is left out, so a change there never quarantines a tool.
 */
export interface ToolSnapshot {
  /** The tool's name as the upstream lists it. */
  readonly name: string;
  /** The display title, when the upstream gives one. */
  readonly title?: string;
  /** The description the model reads. */
  readonly description?: string;
  /** The JSON Schema of the arguments. */
  readonly inputSchema: JsonValue;
  /** The JSON Schema of structured results, when declared. */
  readonly outputSchema?: JsonValue;
  /** The behaviour hints, when declared. */
  readonly annotations?: JsonValue;
}

/** Picks the watched fields of a listed tool, dropping those the upstream did not set. */
export function toToolSnapshot(tool: Tool): ToolSnapshot {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: toJson(tool.inputSchema),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: toJson(tool.outputSchema) }),
    ...(tool.annotations === undefined ? {} : { annotations: toJson(tool.annotations) }),
  };
}

/**
 * The digest of a tool: `sha256:` and the hex SHA-256 of the stable JSON (sorted keys) of its
 * {@link ToolSnapshot}, so the order of keys in a schema never changes it.
 */
export function toolDigest(snapshot: ToolSnapshot): string {
  const text = stableStringify(snapshot);
  return `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

function toJson(value: unknown): JsonValue {
  return JSON.parse(stableStringify(value)) as JsonValue;
}
