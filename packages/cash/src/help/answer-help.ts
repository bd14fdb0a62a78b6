/**
 * The `help` tool: progressive disclosure over the namespace tree (cash-rfc §4.2, §6).
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { countTokens } from '@x/core/tokens';
import type { CashFunction } from '../definitions.js';
import { CashError, toUpstreamError } from '../errors.js';
import { parseForwardedListing, resultText, rewriteForwarded } from '../forward.js';
import { findEntry, unknownFunction } from '../lookup.js';
import { formatNamespacePath } from '../names.js';
import type { NamespaceNode } from '../registry.js';
import {
  type ForwardResolution,
  forwardTarget,
  functionVisible,
  type NamespaceView,
  resolveNamespace,
  type Scope,
} from '../resolve.js';
import { errorResult, textResult } from '../results.js';
import { boundListing, boundText } from './help-bound.js';
import { type HelpOptions, parseHelpOptions } from './help-options.js';
import { recordHelpSavings } from './help-savings.js';
import { type RankableEntry, rankEntries } from './help-search.js';
import { parameterTable } from './parameters.js';
import { renderHelpJson } from './render-json.js';
import { renderHelpMarkdown } from './render-markdown.js';
import type { FunctionView, HelpView, ListingEntry, ListingView } from './views.js';

/** The default gate threshold; only a higher one is advertised (cash-rfc §7.3). */
export const DEFAULT_GATE_THRESHOLD = 10_000;

/** How a server answers `help`, beyond the request. */
export interface HelpSettings {
  /** The `call` gate threshold in characters (advertised by `help()` when above the default). */
  gateThreshold: number;
  /** The most `cl100k_base` tokens one help answer may take. */
  tokenLimit: number;
}

/** A parsed `help` request. */
export interface HelpRequest {
  /** The dotted namespace path; `undefined` or `''` for the root. */
  namespace: string | undefined;
  /** The function to document. */
  function: string | undefined;
  /** Extra keyword arguments (`format`, `params`, `examples`). */
  kwargs: Record<string, unknown>;
}

function renderText(view: HelpView, options: HelpOptions): string {
  return options.format === 'json'
    ? JSON.stringify(renderHelpJson(view, options.ignored))
    : renderHelpMarkdown(view, options.ignored);
}

/**
 * A function's documentation within the bound: markdown is cut with a note; JSON, which a cut
 * would break, becomes a gated object saying how large it is and how to ask for less.
 */
function renderDocumentation(
  view: FunctionView,
  options: HelpOptions,
  tokenLimit: number,
): CallToolResult {
  const text = renderText(view, options);
  if (options.format !== 'json') return textResult(boundText(text, tokenLimit));
  const tokens = countTokens(text);
  if (tokens <= tokenLimit) return textResult(text);
  return textResult(
    JSON.stringify({
      namespace: view.namespace,
      function: view.name,
      gated: true,
      tokens,
      token_limit: tokenLimit,
      narrow: 'omit params="full" and examples=true, or ask format="markdown" for a cut answer',
    }),
  );
}

/** Lists a view: narrowed by the query when there is one, and paged within the bound. */
function renderListing(
  view: ListingView,
  entries: readonly RankableEntry[],
  owner: object | undefined,
  options: HelpOptions,
  tokenLimit: number,
): CallToolResult {
  const ordered =
    options.query === undefined ? entries : rankEntries(entries, options.query, owner);
  const bounded = boundListing(
    {
      view,
      entries: ordered,
      namespace: view.kind === 'index' ? '' : view.namespace,
      query: options.query,
      offset: options.offset,
    },
    tokenLimit,
    (candidate) => renderText(candidate, options),
  );
  return textResult(renderText(bounded, options));
}

/** The entries of a local or mounted namespace, with what the ranker reads of each. */
function rankableEntries(view: NamespaceView, scope: Scope): RankableEntry[] {
  const namespaces = [...view.children.values()].map((child): RankableEntry => {
    const visible = (entry: CashFunction) => functionVisible(scope, child.path, entry);
    const description =
      child.description !== '' ? child.description : (child.mount?.summary(visible) ?? child.label);
    const entry: ListingEntry =
      child.mount !== undefined && !child.mount.available()
        ? { name: child.label, description, available: false }
        : { name: child.label, description };
    return { kind: 'namespace', entry, tags: child.tags, source: child };
  });
  const functions = [...view.functions.values()].map(
    (entry): RankableEntry => ({
      kind: 'function',
      entry: { name: entry.label, description: entry.summary },
      description: entry.description,
      inputSchema: entry.inputSchema,
      tags: entry.tags,
      source: entry,
    }),
  );
  return [...namespaces, ...functions];
}

/** The entries of a forwarded listing (names and one-liners only). */
function forwardedEntries(listing: {
  namespaces: ListingEntry[];
  functions: ListingEntry[];
}): RankableEntry[] {
  return [
    ...listing.namespaces.map(
      (entry): RankableEntry => ({ kind: 'namespace', entry, source: entry }),
    ),
    ...listing.functions.map(
      (entry): RankableEntry => ({ kind: 'function', entry, source: entry }),
    ),
  ];
}

/** A forwarded answer within the bound: its text cut with a note when too long. */
function boundForwarded(result: CallToolResult, tokenLimit: number): CallToolResult {
  const text = resultText(result);
  const bounded = boundText(text, tokenLimit);
  if (bounded === text) return result;
  return {
    content: [{ type: 'text', text: bounded }],
    ...(result.isError === true ? { isError: true } : {}),
  };
}

function functionView(
  view: NamespaceView,
  name: string,
  options: HelpOptions,
): FunctionView | undefined {
  const entry = findEntry(view.functions, name);
  if (entry === undefined) return undefined;
  const table = parameterTable(entry.inputSchema, entry.primaryParams, options.fullParams);
  return {
    kind: 'function',
    namespace: formatNamespacePath(view.path),
    name: entry.label,
    description: entry.description ?? entry.summary,
    parameters: table.rows,
    hiddenParameters: table.hidden,
    returns: entry.returns,
    examples: options.examples ? entry.examples : undefined,
    exampleCount: entry.examples.length,
  };
}

async function forwardHelp(
  request: HelpRequest,
  options: HelpOptions,
  resolution: ForwardResolution,
  scope: Scope,
  tokenLimit: number,
): Promise<CallToolResult> {
  const { prefix, namespace, namespaceArgument } = forwardTarget(resolution);
  const base = {
    ...namespaceArgument,
    ...(request.function === undefined ? {} : { function: request.function }),
  };
  try {
    if (request.function === undefined) {
      const listing = parseForwardedListing(
        await resolution.forward('help', { ...base, kwargs: { format: 'json' } }, scope.signal),
      );
      if (listing !== undefined) {
        const view: ListingView = {
          kind: 'namespace',
          namespace: [prefix, namespace].filter(Boolean).join('.'),
          ...listing,
        };
        return renderListing(view, forwardedEntries(listing), undefined, options, tokenLimit);
      }
    }
    const result = await resolution.forward(
      'help',
      { ...base, kwargs: request.kwargs },
      scope.signal,
    );
    return boundForwarded(rewriteForwarded(result, prefix), tokenLimit);
  } catch (error) {
    return errorResult(toUpstreamError(error, prefix));
  }
}

/**
 * Answers `help`: the index (layer 0), a namespace's listing (layer N) or a function's
 * documentation (leaf+1), never more than the layer asks for; skills are never mentioned.
 * Unknown or hidden names give `UNKNOWN_NAMESPACE` / `UNKNOWN_FUNCTION` error results.
 *
 * Every answer stays within `settings.tokenLimit` tokens: a listing that would not fit is
 * gated (its count, and how to narrow it with `query` or read on with `offset`); `query`
 * lists only the entries the core ranker matches, best first; a function's documentation
 * and a forwarded answer are cut with a note.
 *
 * @see cash-rfc §4.2, §6.1, §6.2, §7.2, §7.3
 */
export async function answerHelp(
  root: NamespaceNode,
  request: HelpRequest,
  scope: Scope,
  settings: HelpSettings,
): Promise<CallToolResult> {
  const options = parseHelpOptions(request.kwargs);
  const resolution = await resolveNamespace(root, request.namespace, scope);
  if (CashError.isInstance(resolution)) return errorResult(resolution);
  if (resolution.kind === 'forward') {
    return forwardHelp(request, options, resolution, scope, settings.tokenLimit);
  }
  const view = resolution.view;
  if (request.function !== undefined && request.function !== '') {
    const documented = functionView(view, request.function, options);
    if (documented === undefined)
      return errorResult(unknownFunction(request.function, view, root, scope));
    return renderDocumentation(documented, options, settings.tokenLimit);
  }
  const entries = rankableEntries(view, scope);
  const namespaces = entries.filter((item) => item.kind === 'namespace').map((item) => item.entry);
  const functions = entries.filter((item) => item.kind === 'function').map((item) => item.entry);
  const listing: ListingView =
    view.path.length === 0
      ? {
          kind: 'index',
          namespaces,
          functions,
          gateThreshold:
            settings.gateThreshold > DEFAULT_GATE_THRESHOLD ? settings.gateThreshold : undefined,
        }
      : { kind: 'namespace', namespace: formatNamespacePath(view.path), namespaces, functions };
  const answer = renderListing(listing, entries, view.owner, options, settings.tokenLimit);
  recordHelpSavings(view, answer);
  return answer;
}
