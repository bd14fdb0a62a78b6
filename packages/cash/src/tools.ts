/**
 * The three MCP tools of every CaSH server, with compact descriptions and schemas.
 *
 * @module
 */

import type { Tool } from '@modelcontextprotocol/server';

const NAMESPACE = { type: 'string', description: 'Dotted path, e.g. orders.retail; omit for root' };

/**
 * `call`, `help` and `skill` as listed by `tools/list`. Their names, descriptions and input
 * schemas together cost under 350 `cl100k_base` tokens (a test measures it), whatever the
 * number of functions behind them.
 *
 * @see cash-rfc §4 (the three primitives), §4.1-§4.3 (their parameters), §2.1
 */
export const CASH_TOOLS: readonly Tool[] = [
  {
    name: 'call',
    description:
      'Run a function. Find namespaces, functions and parameters with help first. Large responses are gated: narrow the query or pass the suggested sizelimit.',
    inputSchema: {
      type: 'object',
      properties: {
        namespace: NAMESPACE,
        function: { type: 'string' },
        kwargs: { type: 'object', description: 'Function arguments' },
        sizelimit: { type: 'integer', description: 'Max response characters for this call' },
      },
      required: ['function'],
    },
  },
  {
    name: 'help',
    description:
      'Discover functions step by step: help() lists namespaces, help(namespace) its functions, help(namespace, function) the parameters. help() lists the kwargs it supports.',
    inputSchema: {
      type: 'object',
      properties: {
        namespace: NAMESPACE,
        function: { type: 'string' },
        kwargs: { type: 'object', description: 'e.g. {"format": "json"}' },
      },
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'skill',
    description:
      'Task instructions for multi-step goals: skill() lists skills; skill(namespace, skillname, kwargs) returns one, filled with kwargs.',
    inputSchema: {
      type: 'object',
      properties: {
        namespace: NAMESPACE,
        skillname: { type: 'string' },
        kwargs: { type: 'object', description: 'Skill inputs' },
      },
    },
    annotations: { readOnlyHint: true },
  },
];

/** The names of the three tools; an upstream listing all three is taken for a CaSH server. */
export const CASH_TOOL_NAMES: readonly string[] = ['call', 'help', 'skill'];
