/**
 * Writes a call in any of the shapes the parser reads, for prompts, examples and tests.
 *
 * @module
 */

import type { CallStyle, FunctionCall } from '../function-call.js';

/** What {@link formatCall} takes besides the call and style. */
export interface FormatCallOptions {
  /** The call id for the shapes that carry one (`openai`, `anthropic`); defaults per style. */
  id?: string;
  /** Spaces of indentation; `0` (the default) writes one line. */
  indent?: number;
  /** Wrap the JSON in a ```` ```json ```` fence. */
  fenced?: boolean;
}

/**
 * Writes `call` in `style` (see {@link CALL_STYLES}).
 *
 * The law the parser keeps: parsing `formatCall(call, style)` with a function set that
 * contains `call.name` gives exactly one call with the same name, arguments and style.
 */
export function formatCall(
  call: FunctionCall,
  style: CallStyle,
  options: FormatCallOptions = {},
): string {
  const json = JSON.stringify(shape(call, style, options.id), null, options.indent ?? 0);
  return options.fenced === true ? `\`\`\`json\n${json}\n\`\`\`` : json;
}

function shape(call: FunctionCall, style: CallStyle, id: string | undefined): unknown {
  switch (style) {
    case 'mcs':
      return { tool: call.name, arguments: call.arguments };
    case 'name-arguments':
      return { name: call.name, arguments: call.arguments };
    case 'name-parameters':
      return { name: call.name, parameters: call.arguments };
    case 'openai':
      return {
        tool_calls: [
          {
            id: id ?? 'call_1',
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          },
        ],
      };
    case 'openai-function-call':
      return { function_call: { name: call.name, arguments: JSON.stringify(call.arguments) } };
    case 'anthropic':
      return { type: 'tool_use', id: id ?? 'toolu_1', name: call.name, input: call.arguments };
    case 'gemini':
      return { functionCall: { name: call.name, args: call.arguments } };
    case 'react':
      return { action: call.name, action_input: call.arguments };
  }
}
