/**
 * The fixed corpus of model outputs the `mcs` checks feed a driver: outputs without a call,
 * calls in the shapes models write, calls a driver must refuse, and hostile outputs. Calls are
 * rendered around the target's probe calls, since only the target knows which calls are safe.
 *
 * @module
 */

import type { ProbeCall } from '../../driver/driver-module.js';

/** One model output and what it stands for. */
export interface CorpusEntry {
  /** A short name for messages. */
  readonly id: string;
  /** The model's output. */
  readonly text: string;
}

/** Outputs that hold no call: the model answered. */
export const NO_CALL_OUTPUTS: readonly CorpusEntry[] = [
  { id: 'prose', text: 'The capital of France is Paris, on the Seine.' },
  { id: 'empty', text: '' },
  {
    id: 'code',
    text: 'You can do it in Python:\n```python\nprices = {"apple": 1.2}\nprint(prices)\n```',
  },
  { id: 'json-that-is-no-call', text: '```json\n{"temperature": 21.5, "unit": "C"}\n```' },
  { id: 'numbers', text: 'The first three primes are [2, 3, 5].' },
];

/** The reference SDK's call shape: `{"tool": name, "arguments": {...}}`. */
function referenceShape(call: ProbeCall): { tool: string; arguments: Record<string, unknown> } {
  return { tool: call.name, arguments: call.arguments };
}

/** The call as the whole output, compact JSON. */
export function bareCall(call: ProbeCall): string {
  return JSON.stringify(referenceShape(call));
}

/** The call in a fenced JSON block with prose around it. */
export function fencedCall(call: ProbeCall): string {
  return `I'll check that for you.\n\n\`\`\`json\n${JSON.stringify(referenceShape(call), null, 2)}\n\`\`\`\n\nOne moment.`;
}

/** The call as bare JSON inside a sentence. */
export function callInProse(call: ProbeCall): string {
  return `Sure, calling it now: ${bareCall(call)} and I will tell you what comes back.`;
}

/** Two fenced calls in one output. */
export function severalCalls(first: ProbeCall, second: ProbeCall): string {
  return `First:\n\`\`\`json\n${bareCall(first)}\n\`\`\`\nThen:\n\`\`\`json\n${bareCall(second)}\n\`\`\``;
}

/** An OpenAI Chat Completions assistant message with `tool_calls` (arguments as a JSON string). */
export function openAiCall(call: ProbeCall): string {
  return JSON.stringify({
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'call_conformance1',
        type: 'function',
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      },
    ],
  });
}

/** An Anthropic Messages assistant message: a text block and a `tool_use` block. */
export function anthropicCall(call: ProbeCall): string {
  return JSON.stringify({
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_use', id: 'toolu_conformance1', name: call.name, input: call.arguments },
    ],
  });
}

function nearJsonValue(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string')
    return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(nearJsonValue).join(', ')},]`;
  if (typeof value === 'object') {
    const fields = Object.entries(value).map(
      ([key, field]) =>
        `${/^[A-Za-z_]\w*$/.test(key) ? key : nearJsonValue(key)}: ${nearJsonValue(field)}`,
    );
    return `{${fields.join(', ')},}`;
  }
  return String(value);
}

/** The call in near-JSON: single quotes, bare keys, trailing commas, Python literals. */
export function nearJsonCall(call: ProbeCall): string {
  return `Calling it:\n${nearJsonValue(referenceShape(call))}`;
}

/** A function name no driver has. */
export const UNKNOWN_FUNCTION = 'conformance_no_such_function_7f3a9c';

/** Calls a driver must refuse; the second needs a probe's function name. */
export function refusedOutputs(functionName: string | undefined): CorpusEntry[] {
  const entries: CorpusEntry[] = [
    {
      id: 'unknown-function',
      text: `\`\`\`json\n{"tool": "${UNKNOWN_FUNCTION}", "arguments": {"id": 1}}\n\`\`\``,
    },
  ];
  if (functionName !== undefined) {
    entries.push({
      id: 'arguments-not-an-object',
      text: JSON.stringify({ tool: functionName, arguments: [1, 2, 3] }),
    });
  }
  return entries;
}

/** Hostile outputs: huge, deeply nested, and keys that pollute prototypes when merged. */
export function hostileOutputs(functionName: string): CorpusEntry[] {
  const name = JSON.stringify(functionName);
  return [
    { id: 'huge', text: 'lorem {ipsum} [dolor] "sit" amet, '.repeat(30_000) },
    { id: 'deep-brackets', text: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    {
      id: 'deep-arguments',
      text: `{"tool": ${name}, "arguments": ${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
    },
    {
      id: 'proto-keys',
      text: `{"tool": ${name}, "arguments": {"__proto__": {"polluted": "yes"}}, "__proto__": {"polluted": "yes"}}`,
    },
    {
      id: 'constructor-prototype',
      text: `{"tool": ${name}, "arguments": {"constructor": {"prototype": {"polluted": "yes"}}}}`,
    },
  ];
}
