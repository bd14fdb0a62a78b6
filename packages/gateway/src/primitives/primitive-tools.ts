/**
 * The handlers of the primitive meta-tools for one gateway session: bounded
 * browse per kind, and reads and prompt renders through the context firewall.
 *
 * @module
 */

import type {
  CallToolResult,
  ContentBlock,
  GetPromptResult,
  ReadResourceResult,
  Tool,
} from '@modelcontextprotocol/server';
import type { ArtifactStore } from '../artifacts/artifact.js';
import { DEFAULT_TOP_K } from '../browse/router.js';
import { renderChoiceCards } from '../cards/card-render.js';
import type { ChoiceCard } from '../cards/choice-card.js';
import { toErrorPayload } from '../error-payload/error-payload.js';
import { toGatewayError } from '../errors.js';
import { applyFirewall, type FirewallOptions } from '../firewall/firewall.js';
import { firewallResult } from '../firewall/firewall-result.js';
import { jsonResult, renderedResult } from '../server/mcp-server.js';
import { parseMetaArguments } from '../server/meta-tools.js';
import type { PrimitiveEntry } from './primitive-catalog.js';
import type { PrimitiveKind } from './primitive-id.js';
import {
  PRIMITIVE_TOOL_NAMES,
  PROMPT_BROWSE,
  PROMPT_GET,
  PrimitiveBrowseArgumentsSchema,
  PromptGetArgumentsSchema,
  RESOURCE_BROWSE,
  RESOURCE_READ,
  ResourceReadArgumentsSchema,
} from './primitive-meta-tools.js';
import type { PrimitiveRuntime } from './primitive-runtime.js';

/**
 * The primitive meta-tools of one session, as the gateway server uses them.
 *
 * @see gateway-surface §9.4
 */
export interface PrimitiveTools {
  /** The entries to list now: each kind's two tools when some upstream offers that kind. */
  list(): Tool[];
  /** Whether `name` is a primitive meta-tool that is listed now. */
  handles(name: string): boolean;
  /** Answers a call of a listed primitive meta-tool; failures are §3.4 error results. */
  call(name: string, args: unknown, signal: AbortSignal): Promise<CallToolResult>;
}

/** A resource read as tool content: text parts as text, blobs as embedded resources. */
function readContent(result: ReadResourceResult): CallToolResult {
  return {
    content: result.contents.map(
      (part): ContentBlock =>
        'text' in part && typeof part.text === 'string'
          ? { type: 'text', text: part.text }
          : { type: 'resource', resource: part as { uri: string; blob: string } },
    ),
  };
}

/** A rendered prompt as tool content: one `role: text` part per text message, other content as is. */
function promptContent(result: GetPromptResult): CallToolResult {
  const head = typeof result.description === 'string' ? [`description: ${result.description}`] : [];
  const content: ContentBlock[] = head.map((text) => ({ type: 'text', text }));
  for (const message of result.messages) {
    content.push(
      message.content.type === 'text'
        ? { type: 'text', text: `${message.role}: ${message.content.text}` }
        : (message.content as ContentBlock),
    );
  }
  return { content };
}

function browseText(
  cards: readonly ChoiceCard[],
  kind: PrimitiveKind,
  by: 'query' | 'path',
): string {
  const verb = kind === 'resource' ? 'resource_read(resource_id)' : 'prompt_get(prompt_id, args)';
  const preamble =
    cards.length === 0
      ? `No ${kind} matched. Try other words, or browse path "/".`
      : by === 'query'
        ? `${cards.length} ${kind}s, best first. Use one with ${verb}:`
        : `${cards.length} entries. Browse an internal id as a path, or use one with ${verb}:`;
  return renderChoiceCards(cards, { preamble });
}

/**
 * Builds the primitive meta-tools of one session over the shared runtime.
 * Reads and renders go through the firewall into `store`, the session's
 * artifact store, so `tool_view` drills into them like tool results; the
 * envelope's provenance names the primitive id and the URI or prompt name.
 *
 * @see gateway-surface §9.4, §4.2
 */
export function createPrimitiveTools(
  runtime: PrimitiveRuntime,
  options: { store: ArtifactStore; firewall?: FirewallOptions | undefined },
): PrimitiveTools {
  function listed(): Map<string, (args: unknown, signal: AbortSignal) => Promise<CallToolResult>> {
    const handlers = new Map<
      string,
      (args: unknown, signal: AbortSignal) => Promise<CallToolResult>
    >();
    if (runtime.catalog.count('resource') > 0) {
      handlers.set(RESOURCE_BROWSE.name, (args) => browse('resource', RESOURCE_BROWSE.name, args));
      handlers.set(RESOURCE_READ.name, read);
    }
    if (runtime.catalog.count('prompt') > 0) {
      handlers.set(PROMPT_BROWSE.name, (args) => browse('prompt', PROMPT_BROWSE.name, args));
      handlers.set(PROMPT_GET.name, get);
    }
    return handlers;
  }

  async function browse(kind: PrimitiveKind, tool: string, args: unknown): Promise<CallToolResult> {
    const parsed = parseMetaArguments(tool, PrimitiveBrowseArgumentsSchema, args);
    const catalog = runtime.catalog;
    const by = parsed.query === undefined ? 'path' : 'query';
    const cards =
      parsed.query === undefined
        ? catalog.browse(kind, parsed.path as string)
        : catalog.route(kind, parsed.query, parsed.top_k ?? DEFAULT_TOP_K);
    return renderedResult(browseText(cards, kind, by), { cards });
  }

  async function firewalled(
    entry: PrimitiveEntry,
    result: CallToolResult,
  ): Promise<CallToolResult> {
    const { envelope, inlineBlocks } = await applyFirewall(
      result,
      { toolId: entry.id, upstreamName: entry.upstreamName },
      options.store,
      options.firewall,
    );
    return firewallResult(envelope, inlineBlocks);
  }

  async function read(args: unknown, signal: AbortSignal): Promise<CallToolResult> {
    const parsed = parseMetaArguments(RESOURCE_READ.name, ResourceReadArgumentsSchema, args);
    const { entry, result } = await runtime.read(parsed.resource_id, { signal });
    return firewalled(entry, readContent(result));
  }

  async function get(args: unknown, signal: AbortSignal): Promise<CallToolResult> {
    const parsed = parseMetaArguments(PROMPT_GET.name, PromptGetArgumentsSchema, args);
    try {
      const { entry, result } = await runtime.get(parsed.prompt_id, parsed.args, { signal });
      return await firewalled(entry, promptContent(result));
    } catch (error) {
      const gatewayError = toGatewayError(error);
      const payload = toErrorPayload(gatewayError);
      const entry = safeEntry(runtime, parsed.prompt_id);
      if (gatewayError.code === 'ARGS_INVALID' && entry?.prompt !== undefined) {
        payload.details = { ...payload.details, arguments: entry.prompt.arguments ?? [] };
      }
      return jsonResult(payload, true);
    }
  }

  return {
    list() {
      const handlers = listed();
      return [RESOURCE_BROWSE, RESOURCE_READ, PROMPT_BROWSE, PROMPT_GET].filter((tool) =>
        handlers.has(tool.name),
      );
    },
    handles: (name) =>
      (Object.values(PRIMITIVE_TOOL_NAMES) as string[]).includes(name) && listed().has(name),
    async call(name, args, signal) {
      const handler = listed().get(name);
      if (handler === undefined) {
        return jsonResult(toErrorPayload(toGatewayError(new Error(`unknown tool ${name}`))), true);
      }
      return handler(args, signal);
    },
  };
}

function safeEntry(runtime: PrimitiveRuntime, promptId: string): PrimitiveEntry | undefined {
  try {
    return runtime.catalog.resolve('prompt', promptId);
  } catch {
    return undefined;
  }
}
