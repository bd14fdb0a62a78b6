/**
 * The CaSH face of the conformance probe upstream (`x-conformance-probe-upstream --cash`): the
 * three CaSH tools (cash-rfc §4) over an empty namespace tree and one known skill,
 * {@link PROBE_SKILL}. A CaSH aggregator forwards to such an upstream (§5.4), so the checks know
 * a skill it must present under the probe's namespace.
 *
 * @module
 */

import { Server } from '@modelcontextprotocol/server';
import { PROBE_SKILL } from './probe-catalog.js';

const STRING = { type: 'string' } as const;
const OBJECT = { type: 'object' } as const;

/** The three CaSH tools with the parameters of cash-rfc §4.1-§4.3. */
const CASH_TOOLS = [
  {
    name: 'call',
    description: 'Run a function (this probe offers none).',
    inputSchema: {
      type: 'object' as const,
      properties: {
        namespace: STRING,
        function: STRING,
        kwargs: OBJECT,
        sizelimit: { type: 'integer' },
      },
      required: ['function'],
    },
  },
  {
    name: 'help',
    description: 'Describe the namespaces and functions (this probe offers none).',
    inputSchema: {
      type: 'object' as const,
      properties: { namespace: STRING, function: STRING, kwargs: OBJECT },
      required: [],
    },
  },
  {
    name: 'skill',
    description: 'List the skills, or return one by name.',
    inputSchema: {
      type: 'object' as const,
      properties: { namespace: STRING, skillname: STRING, kwargs: OBJECT },
      required: [],
    },
  },
];

type Result = {
  content: { type: 'text'; text: string }[];
  isError?: true;
  structuredContent?: { code: string; message: string };
};

function text(value: string): Result {
  return { content: [{ type: 'text', text: value }] };
}

/** An error result of one line with a code, as this project's CaSH servers give them. */
function error(code: string, message: string): Result {
  return { ...text(message), isError: true, structuredContent: { code, message } };
}

/** A name in the canonical form of cash-rfc §5.3: underscores stripped, lowercase. */
function canonical(value: unknown): string {
  return typeof value === 'string' ? value.replaceAll('_', '').toLowerCase() : '';
}

function help(args: Readonly<Record<string, unknown>>): Result {
  if (canonical(args.function) !== '') {
    return error(
      'UNKNOWN_FUNCTION',
      `No function \`${String(args.function)}\`: this namespace has none. Use \`help()\`.`,
    );
  }
  if (canonical(args.namespace) !== '') {
    return error(
      'UNKNOWN_NAMESPACE',
      `No namespace \`${String(args.namespace)}\`. Use \`help()\`.`,
    );
  }
  return text('# Available Namespaces\n\nThis server offers no namespace and no function.');
}

function skill(args: Readonly<Record<string, unknown>>): Result {
  if (canonical(args.namespace) !== '') {
    return error(
      'UNKNOWN_NAMESPACE',
      `No namespace \`${String(args.namespace)}\`. Use \`skill()\`.`,
    );
  }
  const name = canonical(args.skillname);
  if (name === '') {
    const kwargs = (args.kwargs ?? {}) as Readonly<Record<string, unknown>>;
    const listed = { name: PROBE_SKILL.name, description: PROBE_SKILL.description };
    return kwargs.format === 'json'
      ? text(JSON.stringify({ skills: [listed] }))
      : text(`# Skills\n\n- **${listed.name}** — ${listed.description}`);
  }
  return name === PROBE_SKILL.name
    ? text(PROBE_SKILL.text)
    : error(
        'UNKNOWN_SKILL',
        `No skill \`${String(args.skillname)}\`. Nearest: \`${PROBE_SKILL.name}\`. Use \`skill()\` to list them.`,
      );
}

/** A server of the probe's CaSH face, not yet connected. */
export function createProbeCashServer(): Server {
  const server = new Server(
    { name: 'x-conformance-probe-upstream', version: '1.0.0' },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler('tools/list', () => ({ tools: CASH_TOOLS }));
  server.setRequestHandler('tools/call', (request) => {
    const args = request.params.arguments ?? {};
    switch (request.params.name) {
      case 'help':
        return help(args);
      case 'skill':
        return skill(args);
      case 'call':
        return error(
          'UNKNOWN_FUNCTION',
          `No function \`${String(args.function)}\`. Use \`help()\`.`,
        );
      default:
        return error('UNKNOWN_TOOL', `No tool ${request.params.name}.`);
    }
  });
  return server;
}
