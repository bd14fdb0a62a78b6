/**
 * The `help` tool: progressive disclosure over the namespace tree (cash-rfc §4.2, §6).
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { CashError, toUpstreamError } from '../errors.js';
import { parseForwardedListing, rewriteForwarded } from '../forward.js';
import { findEntry, unknownFunction } from '../lookup.js';
import { formatNamespacePath } from '../names.js';
import type { NamespaceNode } from '../registry.js';
import {
  type ForwardResolution,
  type NamespaceView,
  resolveNamespace,
  type Scope,
} from '../resolve.js';
import { errorResult, textResult } from '../results.js';
import { type HelpOptions, parseHelpOptions } from './help-options.js';
import { parameterTable } from './parameters.js';
import { renderHelpJson } from './render-json.js';
import { renderHelpMarkdown } from './render-markdown.js';
import type { FunctionView, HelpView, ListingEntry } from './views.js';

/** The default gate threshold; only a higher one is advertised (cash-rfc §7.3). */
export const DEFAULT_GATE_THRESHOLD = 10_000;

/** A parsed `help` request. */
export interface HelpRequest {
  /** The dotted namespace path; `undefined` or `''` for the root. */
  namespace: string | undefined;
  /** The function to document. */
  function: string | undefined;
  /** Extra keyword arguments (`format`, `params`, `examples`). */
  kwargs: Record<string, unknown>;
}

function render(view: HelpView, options: HelpOptions): CallToolResult {
  if (options.format === 'json') {
    return textResult(JSON.stringify(renderHelpJson(view, options.ignored)));
  }
  return textResult(renderHelpMarkdown(view, options.ignored));
}

function namespaceEntries(view: NamespaceView): ListingEntry[] {
  return [...view.children.values()].map((child) => {
    const description =
      child.description !== '' ? child.description : (child.mount?.summary() ?? child.label);
    return child.mount !== undefined && !child.mount.available()
      ? { name: child.label, description, available: false }
      : { name: child.label, description };
  });
}

function functionEntries(view: NamespaceView): ListingEntry[] {
  return [...view.functions.values()].map((entry) => ({
    name: entry.label,
    description: entry.summary,
  }));
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
): Promise<CallToolResult> {
  const prefix = formatNamespacePath(resolution.mountPath);
  const namespace = resolution.rest.join('.');
  const base = {
    ...(namespace === '' ? {} : { namespace }),
    ...(request.function === undefined ? {} : { function: request.function }),
  };
  try {
    if (request.function === undefined) {
      const listing = parseForwardedListing(
        await resolution.forward('help', { ...base, kwargs: { format: 'json' } }, scope.signal),
      );
      if (listing !== undefined) {
        const view: HelpView = {
          kind: 'namespace',
          namespace: [prefix, namespace].filter(Boolean).join('.'),
          ...listing,
        };
        return render(view, options);
      }
    }
    const result = await resolution.forward(
      'help',
      { ...base, kwargs: request.kwargs },
      scope.signal,
    );
    return rewriteForwarded(result, prefix);
  } catch (error) {
    return errorResult(toUpstreamError(error, prefix));
  }
}

/**
 * Answers `help`: the index (layer 0), a namespace's listing (layer N) or a function's
 * documentation (leaf+1), never more than the layer asks for; skills are never mentioned.
 * Unknown or hidden names give `UNKNOWN_NAMESPACE` / `UNKNOWN_FUNCTION` error results.
 *
 * @see cash-rfc §4.2, §6.1, §6.2, §7.3
 */
export async function answerHelp(
  root: NamespaceNode,
  request: HelpRequest,
  scope: Scope,
  gateThreshold: number,
): Promise<CallToolResult> {
  const options = parseHelpOptions(request.kwargs);
  const resolution = await resolveNamespace(root, request.namespace, scope);
  if (CashError.isInstance(resolution)) return errorResult(resolution);
  if (resolution.kind === 'forward') return forwardHelp(request, options, resolution, scope);
  const view = resolution.view;
  if (request.function !== undefined && request.function !== '') {
    const documented = functionView(view, request.function, options);
    if (documented === undefined)
      return errorResult(unknownFunction(request.function, view, root, scope));
    return render(documented, options);
  }
  if (view.path.length === 0) {
    return render(
      {
        kind: 'index',
        namespaces: namespaceEntries(view),
        functions: functionEntries(view),
        gateThreshold: gateThreshold > DEFAULT_GATE_THRESHOLD ? gateThreshold : undefined,
      },
      options,
    );
  }
  return render(
    {
      kind: 'namespace',
      namespace: formatNamespacePath(view.path),
      namespaces: namespaceEntries(view),
      functions: functionEntries(view),
    },
    options,
  );
}
