/**
 * Model outputs written the way real models write tool calls, one function per style. Written
 * by hand here (not with `formatCall`), so the end-to-end tests do not check the parser against
 * its own formatter.
 */

/** A call to write. */
export interface Call {
  name: string;
  arguments: Record<string, unknown>;
}

/** The styles of the end-to-end tests. */
export const STYLES = [
  'fenced-json',
  'json-in-prose',
  'openai-tool-calls',
  'anthropic-tool-use',
  'several-calls',
  'near-json',
] as const;

/** One of {@link STYLES}. */
export type Style = (typeof STYLES)[number];

/** A fenced block, as GPT-style models answer when asked for JSON. */
export function fencedJson(call: Call): string {
  const body = JSON.stringify({ tool: call.name, arguments: call.arguments }, null, 2);
  return `I'll look that up for you.\n\n\`\`\`json\n${body}\n\`\`\``;
}

/** Bare JSON inside a sentence, as smaller open models often answer. */
export function jsonInProse(call: Call): string {
  const body = JSON.stringify({ name: call.name, arguments: call.arguments });
  return `Sure - calling the API now: ${body} and I will report back with what it says.`;
}

/** An OpenAI Chat Completions assistant message with `tool_calls` (arguments as a JSON string). */
export function openAiToolCalls(call: Call): string {
  return JSON.stringify({
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_Xq7d2P',
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      },
    ],
  });
}

/** An Anthropic Messages assistant message: a text block, then a `tool_use` block. */
export function anthropicToolUse(call: Call): string {
  return JSON.stringify({
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me check that.' },
      { type: 'tool_use', id: 'toolu_01AbCd', name: call.name, input: call.arguments },
    ],
  });
}

/** Two fenced calls in one answer. */
export function severalCalls(first: Call, second: Call): string {
  const block = (call: Call) =>
    `\`\`\`json\n${JSON.stringify({ tool: call.name, arguments: call.arguments })}\n\`\`\``;
  return `First this:\n${block(first)}\nand then this:\n${block(second)}`;
}

function nearJsonValue(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return `'${value.replaceAll("'", "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(nearJsonValue).join(', ')},]`;
  if (typeof value === 'object') {
    const fields = Object.entries(value).map(([key, field]) => {
      const name = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : `'${key}'`;
      return `${name}: ${nearJsonValue(field)}`;
    });
    return `{${fields.join(', ')},}`;
  }
  return String(value);
}

/** JavaScript-ish, Python-ish JSON: single quotes, bare keys, trailing commas, `True`/`None`. */
export function nearJson(call: Call): string {
  return `Calling it:\n${nearJsonValue({ tool: call.name, arguments: call.arguments })}\n// done`;
}

/** The output of `style` for `call` (`several-calls` writes `call`, then `second`). */
export function modelOutput(style: Style, call: Call, second: Call): string {
  switch (style) {
    case 'fenced-json':
      return fencedJson(call);
    case 'json-in-prose':
      return jsonInProse(call);
    case 'openai-tool-calls':
      return openAiToolCalls(call);
    case 'anthropic-tool-use':
      return anthropicToolUse(call);
    case 'several-calls':
      return severalCalls(call, second);
    case 'near-json':
      return nearJson(call);
  }
}
