/**
 * The built-in prompt strategies: one generic, and one each for GPT, Claude and open-weight
 * models. All ask for the `mcs` call shape, which the parser reads along with the others.
 *
 * @module
 */

import type { PromptContext, PromptStrategy } from './prompt-strategy.js';

const CALL_SHAPE =
  '{"tool": "<function name>", "arguments": {<arguments matching its parameters>}}';

function fence(language: string, body: string): string {
  return `\`\`\`${language}\n${body}\n\`\`\``;
}

/**
 * The generic strategy (`*`): plain sections, the call shape, one example, and what to do
 * when no function is needed.
 *
 * @see mcs §3.2
 */
export const genericPromptStrategy: PromptStrategy = Object.freeze({
  id: 'generic',
  targetLlms: ['*'],
  render(context: PromptContext): string {
    return [
      'You can use the functions described below when they help answer the user.',
      '',
      'Functions:',
      context.functionDescription,
      '',
      'To call a function, reply with one JSON object and nothing else:',
      CALL_SHAPE,
      'The arguments must match the parameters of the function. To make several independent calls at once, reply with a JSON array of such objects. Use only the functions listed above.',
      '',
      'Example:',
      context.exampleCall,
      '',
      'When no function is needed, answer in plain text without any JSON.',
      'When a function result is sent back to you, use it to answer the user in plain language.',
    ].join('\n');
  },
});

/**
 * The strategy for OpenAI GPT and o-series models: Markdown headings and fenced JSON.
 *
 * @see mcs §3.2
 */
export const gptPromptStrategy: PromptStrategy = Object.freeze({
  id: 'gpt',
  targetLlms: ['gpt-*', 'chatgpt-*', 'o1*', 'o3*', 'o4*'],
  render(context: PromptContext): string {
    return [
      '# Tools',
      '',
      "You can call the functions below. Call one only when it helps with the user's request.",
      '',
      '## Functions',
      '',
      fence(context.descriptionLanguage, context.functionDescription),
      '',
      '## Calling a function',
      '',
      'Respond with exactly one JSON object in a ```json code block and no other text:',
      '',
      fence('json', CALL_SHAPE),
      '',
      "- `arguments` must satisfy the function's parameters; leave out optional arguments you do not need.",
      '- For several independent calls, respond with a JSON array of these objects.',
      '- Never invent a function or an argument.',
      '',
      'Example:',
      '',
      fence('json', context.exampleCall),
      '',
      '## Answering',
      '',
      'If no function is needed, answer normally in plain text, without JSON. When you receive a function result, answer the user from it.',
    ].join('\n');
  },
});

/**
 * The strategy for Anthropic Claude models: sections in XML tags, which Claude follows closely.
 *
 * @see mcs §3.2
 */
export const claudePromptStrategy: PromptStrategy = Object.freeze({
  id: 'claude',
  targetLlms: ['claude*', 'anthropic.claude*'],
  render(context: PromptContext): string {
    return [
      'In this conversation you can call functions to help the user. They are described in <functions>.',
      '',
      '<functions>',
      context.functionDescription,
      '</functions>',
      '',
      '<calling_convention>',
      'To call a function, write only this JSON object, with nothing before or after it:',
      CALL_SHAPE,
      'To make several independent calls, write a JSON array of such objects instead.',
      'Call only the functions listed in <functions>, with the argument names they define.',
      '</calling_convention>',
      '',
      '<example>',
      context.exampleCall,
      '</example>',
      '',
      'If you do not need a function, answer in prose with no JSON. When a function result comes back, use it to write your answer.',
    ].join('\n');
  },
});

/**
 * The strategy for open-weight models (Llama, Mistral, Qwen, Gemma, Phi, DeepSeek): short,
 * example first, numbered rules, and an explicit ban on code fences and commentary.
 *
 * @see mcs §3.2
 */
export const openModelPromptStrategy: PromptStrategy = Object.freeze({
  id: 'open-model',
  targetLlms: ['llama*', 'mistral*', 'mixtral*', 'qwen*', 'gemma*', 'phi*', 'deepseek*'],
  render(context: PromptContext): string {
    return [
      'You are a helpful assistant that can call functions.',
      '',
      'Available functions:',
      context.functionDescription,
      '',
      'If a function can help, respond with ONLY a JSON object in this exact format:',
      '{"tool": "function_name", "arguments": {"argument_name": "value"}}',
      '',
      'Example:',
      context.exampleCall,
      '',
      'Rules:',
      '1. Output the JSON object alone: no explanation, no code fences.',
      '2. Use only the functions above and the exact argument names they define.',
      '3. If no function is needed, reply in plain text.',
    ].join('\n');
  },
});

/**
 * The built-in strategies, most specific first; the generic one comes last.
 *
 * @see mcs §3.2, §7
 */
export const BUILTIN_PROMPT_STRATEGIES: readonly PromptStrategy[] = Object.freeze([
  gptPromptStrategy,
  claudePromptStrategy,
  openModelPromptStrategy,
  genericPromptStrategy,
]);
