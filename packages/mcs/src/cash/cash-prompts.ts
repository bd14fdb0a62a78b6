/**
 * The CaSH driver's prompts: the built-in strategies with the discover-then-call workflow
 * added, and the hint that turns a direct call of a discovered function into a `call`.
 *
 * @module
 */

import type { FunctionDefinition } from '../function-definition.js';
import { formatCall } from '../parser/format-call.js';
import type { CallIssue } from '../parser/parse-result.js';
import { BUILTIN_PROMPT_STRATEGIES } from '../prompts/builtin-strategies.js';
import type { PromptContext, PromptStrategy } from '../prompts/prompt-strategy.js';

/** The first call a model makes on a CaSH server: `help()`, the list of namespaces. */
export const HELP_INDEX_CALL = formatCall({ name: 'help', arguments: {} }, 'mcs');

const CALL_EXAMPLE = formatCall(
  {
    name: 'call',
    arguments: {
      namespace: '<namespace>',
      function: '<function>',
      kwargs: { '<argument>': '...' },
    },
  },
  'mcs',
);

/** The workflow's steps, for the tools the server has. */
function workflowSteps(context: PromptContext, helpIndex: string | undefined): string[] {
  const hasSkill = context.functions.some((definition) => definition.name === 'skill');
  const steps = [
    'These tools open a catalogue of functions grouped in namespaces; the functions themselves are not listed here. Look them up before you use them:',
    helpIndex === undefined
      ? `1. Start with \`help\` and no arguments: it lists the namespaces. ${HELP_INDEX_CALL}`
      : '1. The namespaces are listed below (the answer of `help` without arguments).',
    "2. `help` with a `namespace` lists its functions and sub-namespaces; `help` with a `namespace` and a `function` shows that function's parameters.",
    `3. Run a function with \`call\`: \`namespace\` is its dotted path (orders.retail), \`function\` its name, and \`kwargs\` an object with its arguments. ${CALL_EXAMPLE}`,
  ];
  if (hasSkill) {
    steps.push(
      '4. For a task of several steps, `skill` without arguments lists step-by-step instructions, and `skill` with a `namespace` and a `skillname` returns one.',
    );
  }
  steps.push(
    'Never guess a namespace, a function or an argument name: ask `help`. When a result is an error, it says what to look up next.',
  );
  if (helpIndex !== undefined) steps.push('', helpIndex);
  return steps;
}

/** Frames the workflow in the style of the strategy it follows. */
function frameWorkflow(strategyId: string, steps: readonly string[]): string {
  switch (strategyId) {
    case 'gpt':
      return ['## Finding and running functions', '', ...steps].join('\n');
    case 'claude':
      return ['<workflow>', ...steps, '</workflow>'].join('\n');
    default:
      return ['How to find and run functions:', ...steps].join('\n');
  }
}

/**
 * A strategy that renders `strategy`'s message, then the CaSH workflow: `help` first, then
 * `call` with the namespace, the function name and its arguments in `kwargs`. With
 * `helpIndex` (the text of `help()`), the namespaces are in the message and the first step
 * is saved.
 *
 * @see mcs §3.2, cash-rfc §4
 */
export function withCashWorkflow(
  strategy: PromptStrategy,
  helpIndex: () => string | undefined,
): PromptStrategy {
  return Object.freeze({
    id: `cash-${strategy.id}`,
    targetLlms: strategy.targetLlms,
    render(context: PromptContext): string {
      const steps = workflowSteps(context, helpIndex());
      return `${strategy.render(context)}\n\n${frameWorkflow(strategy.id, steps)}`;
    },
  });
}

/** The built-in strategies, each with the CaSH workflow added, in the same order. */
export function cashPromptStrategies(helpIndex: () => string | undefined): PromptStrategy[] {
  return BUILTIN_PROMPT_STRATEGIES.map((strategy) => withCashWorkflow(strategy, helpIndex));
}

/** Longer unknown names get the generic example, not one built from the name. */
const MAX_HINT_NAME_LENGTH = 128;

/**
 * The line added to a retry prompt when the model called a function by name instead of
 * through `call`: for `orders.retail.list`, the `call` it meant to write.
 */
export function directCallHint(
  issues: readonly CallIssue[],
  functions: readonly FunctionDefinition[],
): string | undefined {
  if (!functions.some((definition) => definition.name === 'call')) return undefined;
  const unknown = issues.find((issue) => issue.reason === 'unknown_function');
  if (unknown === undefined) return undefined;
  const name = unknown.name ?? '';
  const dot = name.lastIndexOf('.');
  const example =
    name.length <= MAX_HINT_NAME_LENGTH && dot > 0 && dot < name.length - 1
      ? formatCall(
          {
            name: 'call',
            arguments: { namespace: name.slice(0, dot), function: name.slice(dot + 1), kwargs: {} },
          },
          'mcs',
        )
      : CALL_EXAMPLE;
  return `Functions that help lists are not tools: run them through call, with their arguments in kwargs, e.g. ${example}`;
}
