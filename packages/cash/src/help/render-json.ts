/**
 * Help views as JSON (`format: "json"`, cash-rfc §4.2).
 *
 * @module
 */

import { HELP_ARGUMENTS } from './help-options.js';
import type { HelpView } from './views.js';

/**
 * Renders a help view as a JSON value with stable key order: `{namespaces, functions, ...}`
 * for listings, `{namespace, function, description, parameters, ...}` for a function.
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
  } else if (view.kind === 'namespace') {
    value = { namespace: view.namespace, namespaces: view.namespaces, functions: view.functions };
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
