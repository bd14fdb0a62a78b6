/**
 * Help views as JSON (`format: "json"`, cash-rfc §4.2).
 *
 * @module
 */

import { HELP_ARGUMENTS } from './help-options.js';
import type { HelpView, ListingPage } from './views.js';

/** The `page` object of a narrowed or paged JSON listing. */
function pageJson(page: ListingPage): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  if (page.query !== undefined) value.query = page.query;
  value.total = page.total;
  value.offset = page.offset;
  value.shown = page.shown;
  if (page.gatedAt !== undefined) value.gated_at_tokens = page.gatedAt;
  if (page.offset + page.shown < page.total) value.next_offset = page.offset + page.shown;
  return value;
}

/**
 * Renders a help view as a JSON value with stable key order: `{namespaces, functions, ...}`
 * for listings (with `page` when narrowed or paged: `query`, `total`, `offset`, `shown`,
 * `gated_at_tokens`, `next_offset`), `{namespace, function, description, parameters, ...}` for a function.
 * `ignored` lists ignored arguments.
 */
export function renderHelpJson(
  view: HelpView,
  ignored: readonly string[],
): Record<string, unknown> {
  let value: Record<string, unknown>;
  if (view.kind === 'index') {
    value = { namespaces: view.namespaces };
    if (view.functions.length > 0) value.functions = view.functions;
    value.arguments = Object.fromEntries(HELP_ARGUMENTS.map((entry) => [entry.name, entry.values]));
    if (view.gateThreshold !== undefined) value.gate_threshold = view.gateThreshold;
    if (view.page !== undefined) value.page = pageJson(view.page);
  } else if (view.kind === 'namespace') {
    value = { namespace: view.namespace, namespaces: view.namespaces, functions: view.functions };
    if (view.page !== undefined) value.page = pageJson(view.page);
  } else {
    value = {
      namespace: view.namespace,
      function: view.name,
      description: view.description,
      parameters: view.parameters,
    };
    if (view.hiddenParameters > 0) value.more_parameters = view.hiddenParameters;
    if (view.returns !== undefined) value.returns = view.returns;
    if (view.examples !== undefined) value.examples = view.examples;
  }
  if (ignored.length > 0) value.ignored = ignored;
  return value;
}
