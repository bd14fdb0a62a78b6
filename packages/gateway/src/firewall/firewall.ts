/**
 * The context firewall: small results pass inline, large ones become
 * artifacts behind a `ResultEnvelope`.
 *
 * @module
 */

import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import type { Artifact, ArtifactStore } from '../artifacts/artifact.js';
import { exceedsTokens, truncateToTokensCached } from '../cards/token-count.js';
import { GatewayError } from '../errors.js';
import type { ArtifactRef, ResultEnvelope, SuggestedView } from './result-envelope.js';

/**
 * How the firewall judges results.
 *
 * @see gateway-surface §4.2
 */
export interface FirewallOptions {
  /** Results of at most this many cl100k_base tokens stay inline. Default 1,000. */
  maxInlineTokens?: number;
  /** The tokens of the head shown as the summary of a stored result. Default 200. */
  summaryTokens?: number;
}

/**
 * Who produced the result, for the provenance.
 *
 * @see gateway-surface §4.2
 */
export interface FirewallSource {
  /** The tool that ran. */
  toolId: string;
  /** Its upstream name. */
  upstreamName: string;
}

/**
 * What the firewall makes of a result: the envelope, and the blocks that
 * travel next to it.
 *
 * @see gateway-surface §4.2
 */
export interface FirewallOutcome {
  /** The envelope. */
  envelope: ResultEnvelope;
  /**
   * Blocks passed through as they came: every block of an inline result (with
   * its `structuredContent` as one JSON text block first when it sent no
   * text), only the resource links of a stored one.
   */
  inlineBlocks: ContentBlock[];
}

interface Part {
  text: string;
  mediaType: string;
  label: string;
}

/** Splits a result into its main text, its other stored parts, and links that always pass inline. */
function partsOf(result: CallToolResult): {
  main: Part | undefined;
  others: Part[];
  links: ContentBlock[];
  hasText: boolean;
} {
  const texts: string[] = [];
  const others: Part[] = [];
  const links: ContentBlock[] = [];
  for (const block of result.content ?? []) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'image' || block.type === 'audio') {
      others.push({ text: block.data, mediaType: block.mimeType, label: block.type });
    } else if (block.type === 'resource') {
      const { resource } = block;
      if ('text' in resource && typeof resource.text === 'string') {
        others.push({
          text: resource.text,
          mediaType: resource.mimeType ?? 'text/plain',
          label: 'resource',
        });
      } else if ('blob' in resource && typeof resource.blob === 'string') {
        others.push({
          text: resource.blob,
          mediaType: resource.mimeType ?? 'application/octet-stream',
          label: 'resource',
        });
      }
    } else {
      links.push(block);
    }
  }
  let main: Part | undefined;
  if (texts.length > 0) {
    const text = texts.join('\n');
    main = {
      text,
      mediaType: looksLikeJson(text) ? 'application/json' : 'text/plain',
      label: 'text',
    };
  } else if (result.structuredContent !== undefined) {
    main = {
      text: JSON.stringify(result.structuredContent, null, 2),
      mediaType: 'application/json',
      label: 'structured',
    };
  }
  return { main, others, links, hasText: texts.length > 0 };
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: `${name} must be a positive integer`,
      data: { field: name },
    });
  }
  return value;
}

/**
 * Passes one upstream result through the firewall.
 *
 * The result's text blocks are joined with `\n` into its main text (or, with
 * no text block, its `structuredContent` as JSON); images, audio and embedded
 * resources are further parts. When all parts together take at most
 * `maxInlineTokens` tokens (judged without counting when a cheap bound
 * decides, see `exceedsTokens`), the envelope carries the main text as its
 * `summary` and every block of the result travels inline, untouched (see
 * `firewallResult`). Otherwise every part is
 * stored in `store` and referenced in `artifacts`; the summary is the first
 * `summaryTokens` tokens of the main text cut at a line end, `facts`
 * describe the format and shape (JSON type, item count, keys) and `views`
 * suggest the first `tool_view` calls. Resource links always travel inline.
 *
 * @see gateway-surface §4.2
 */
export async function applyFirewall(
  result: CallToolResult,
  source: FirewallSource,
  store: ArtifactStore,
  options: FirewallOptions = {},
): Promise<FirewallOutcome> {
  const maxInlineTokens = positive('maxInlineTokens', options.maxInlineTokens ?? 1_000);
  const summaryTokens = positive('summaryTokens', options.summaryTokens ?? 200);
  const { main, others, links, hasText } = partsOf(result);
  const parts = main === undefined ? others : [main, ...others];
  const bytes = parts.reduce((sum, part) => sum + Buffer.byteLength(part.text, 'utf8'), 0);
  const status = result.isError === true ? 'error' : 'ok';
  const provenance = (firewall: 'inline' | 'artifact') => ({
    tool_id: source.toolId,
    upstream_name: source.upstreamName,
    firewall,
    bytes,
  });
  // The joined parts take `bytes` plus one byte per separator.
  const joined = parts.map((part) => part.text).join('\n');
  const joinedBytes = bytes + Math.max(0, parts.length - 1);
  if (!exceedsTokens(joined, maxInlineTokens, joinedBytes)) {
    const blocks = result.content ?? [];
    const inlineBlocks: ContentBlock[] =
      hasText || main === undefined ? blocks : [{ type: 'text', text: main.text }, ...blocks];
    return {
      envelope: {
        status,
        summary: main?.text ?? '',
        facts: main === undefined ? {} : { format: formatOf(main) },
        artifacts: [],
        views: [],
        provenance: provenance('inline'),
      },
      inlineBlocks,
    };
  }
  const stored = await Promise.all(parts.map((part) => store.put(part)));
  const artifacts = stored.map(refOf);
  const mainArtifact = main === undefined ? undefined : stored[0];
  const summary = main === undefined ? describeParts(others) : headOf(main.text, summaryTokens);
  return {
    envelope: {
      status,
      summary,
      facts:
        mainArtifact === undefined ? { parts: parts.length } : factsOf(mainArtifact, parts.length),
      artifacts,
      views: mainArtifact === undefined ? [] : suggestViews(mainArtifact, summary),
      provenance: provenance('artifact'),
    },
    inlineBlocks: links,
  };
}

function formatOf(part: Part): string {
  return part.mediaType === 'application/json' ? 'json' : 'text';
}

function describeParts(parts: readonly Part[]): string {
  return parts.map((part) => `${part.label} (${part.mediaType})`).join(', ');
}

function refOf(artifact: Artifact): ArtifactRef {
  return {
    handle: artifact.handle,
    media_type: artifact.mediaType,
    bytes: artifact.bytes,
    lines: artifact.lines().length,
    truncated: artifact.truncated,
  };
}

/** The first `tokens` tokens of a text, cut back to a line end when one is in the second half, with `…`. */
function headOf(text: string, tokens: number): string {
  const head = truncateToTokensCached(text, tokens);
  const cut = head.lastIndexOf('\n');
  return `${cut > head.length / 2 ? head.slice(0, cut) : head}…`;
}

function jsonShape(value: unknown): Record<string, string | number> {
  if (Array.isArray(value)) {
    const first = value[0];
    const itemKeys =
      typeof first === 'object' && first !== null && !Array.isArray(first)
        ? { item_keys: Object.keys(first).slice(0, 12).join(', ') }
        : {};
    return { json_type: 'array', items: value.length, ...itemKeys };
  }
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    return { json_type: 'object', keys: keys.length, first_keys: keys.slice(0, 12).join(', ') };
  }
  return { json_type: value === null ? 'null' : typeof value };
}

function factsOf(artifact: Artifact, parts: number): Record<string, string | number | boolean> {
  const json = artifact.json();
  return {
    format: json.ok ? 'json' : 'text',
    bytes: artifact.bytes,
    lines: artifact.lines().length,
    ...(json.ok ? jsonShape(json.value) : {}),
    ...(parts > 1 ? { parts } : {}),
    ...(artifact.truncated ? { truncated: true } : {}),
  };
}

function suggestViews(artifact: Artifact, summary: string): SuggestedView[] {
  const { handle } = artifact;
  const json = artifact.json();
  if (json.ok && Array.isArray(json.value)) {
    return [
      { handle, selector: 'rows:0-9', shows: 'the first 10 items' },
      { handle, selector: 'json_keys:$[0]', shows: 'the keys of an item' },
    ];
  }
  if (json.ok && typeof json.value === 'object' && json.value !== null) {
    const views: SuggestedView[] = [{ handle, selector: 'json_keys', shows: 'the top-level keys' }];
    const arrayKey = Object.entries(json.value).find(([, value]) => Array.isArray(value))?.[0];
    if (arrayKey !== undefined && /^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(arrayKey)) {
      views.push({
        handle,
        selector: `rows:0-9:$.${arrayKey}`,
        shows: `the first 10 of ${arrayKey}`,
      });
    }
    return views;
  }
  const seen = summary.split('\n').length;
  const total = artifact.lines().length;
  const views: SuggestedView[] = [];
  if (seen < total) {
    views.push({
      handle,
      selector: `lines:${seen}-${Math.min(total, seen + 99)}`,
      shows: `lines ${seen} to ${Math.min(total, seen + 99)} of ${total}`,
    });
  }
  views.push({ handle, selector: 'grep:PATTERN', shows: 'the lines matching an RE2 pattern' });
  return views;
}
