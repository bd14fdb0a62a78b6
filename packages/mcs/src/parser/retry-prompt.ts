/**
 * Writes the text a client sends back to a model whose call could not be used.
 *
 * @module
 */

import type { CallIssue } from './parse-result.js';

/** How many function names a retry prompt lists before summarizing. */
const MAX_LISTED_NAMES = 40;

/** How many issues a retry prompt lists before summarizing. */
const MAX_LISTED_ISSUES = 8;

/**
 * Builds a retry prompt: what went wrong, one line per issue (schema errors indented below),
 * the available function names, and the call format to use.
 *
 * The text is a pure function of its inputs, so the same mistake gives the same prompt.
 */
export function buildRetryPrompt(
  issues: readonly CallIssue[],
  functionNames: readonly string[],
): string {
  const lines = ['Your last message contained a function call that could not be used:'];
  for (const issue of issues.slice(0, MAX_LISTED_ISSUES)) {
    lines.push(`- ${issue.message}`);
    for (const error of issue.errors ?? []) lines.push(`  - ${error}`);
  }
  if (issues.length > MAX_LISTED_ISSUES) {
    lines.push(`- and ${issues.length - MAX_LISTED_ISSUES} more problems`);
  }
  if (functionNames.length > 0) {
    const listed = functionNames.slice(0, MAX_LISTED_NAMES).join(', ');
    const rest = functionNames.length - MAX_LISTED_NAMES;
    lines.push(`Available functions: ${listed}${rest > 0 ? `, and ${rest} more` : ''}.`);
  }
  lines.push(
    'To call a function, reply with one JSON object and nothing else:',
    '{"tool": "<function name>", "arguments": {<arguments matching its parameters>}}',
    'If no function is needed, answer in plain text without JSON.',
  );
  return lines.join('\n');
}

/**
 * Builds the retry prompt for a call that reached the bridge and failed: which call, the
 * error's one-line message, and what the model may do next.
 */
export function buildExecutionRetryPrompt(functionName: string, errorMessage: string): string {
  return [
    `The function call ${JSON.stringify(functionName)} failed: ${errorMessage}`,
    'You may correct the call and try again, or answer the user without it.',
  ].join('\n');
}
