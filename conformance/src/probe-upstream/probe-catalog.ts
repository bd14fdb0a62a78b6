/**
 * The fixed catalog of the conformance probe upstream: a few tools whose names, schemas and
 * descriptions the checks know in advance, so a gateway or aggregator configured with the probe
 * can be checked for what it does with them (ids, cards, routing, validation).
 *
 * @module
 */

/** The input schema of a probe tool: an object of named properties. */
export interface ProbeInputSchema {
  /** Always `object`. */
  readonly type: 'object';
  /** The properties, by name. */
  readonly properties: Readonly<Record<string, { readonly type: string }>>;
  /** The names a call must give. */
  readonly required: readonly string[];
}

/** One tool of the probe upstream, as its `tools/list` gives it. */
export interface ProbeTool {
  /** The upstream name. */
  readonly name: string;
  /** One line. */
  readonly description: string;
  /** The input schema. */
  readonly inputSchema: ProbeInputSchema;
  /** MCP tool annotations. */
  readonly annotations?: Readonly<Record<string, boolean>>;
}

/** Echoes `text`; the checks route calls with it and send it invalid arguments. */
export const PROBE_ECHO = 'probe_echo';

/** Always answers a tool-level error (`isError: true`); declared read-only, so cacheable. */
export const PROBE_FAIL = 'probe_fail';

/** A read-only lookup with a short description. */
export const PROBE_CARD_SHORT = 'probe_brief';

/** The same lookup as {@link PROBE_CARD_SHORT}, with a description far above a card's budget. */
export const PROBE_CARD_LONG = 'probe_verbose';

/** Fails at the protocol level: the call is answered with a JSON-RPC error, not a result. */
export const PROBE_CRASH = 'probe_crash';

/** Declares an input schema that breaks JSON Schema itself (a property of an unknown type). */
export const PROBE_BAD_SCHEMA = 'probe_badschema';

/** Answers what reached the upstream: the side channel the checks read. Never recorded. */
export const PROBE_REQUESTS = 'probe_requests';

const TEXT_SCHEMA: ProbeInputSchema = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
};

const LOOKUP_SCHEMA: ProbeInputSchema = {
  type: 'object',
  properties: { key: { type: 'string' }, limit: { type: 'integer' } },
  required: ['key'],
};

const READ_ONLY = { readOnlyHint: true, destructiveHint: false };

/**
 * The long description: one line of twelve sentences, about 170 cl100k_base tokens, so any card
 * builder must shorten it to fit the 80-token hard cap of gateway-surface §2.3.
 */
export const PROBE_LONG_DESCRIPTION = [
  'Look up a probe record by its key.',
  'The record holds a name, a count and a short note.',
  'Keys are case-sensitive and never reused.',
  'A missing key answers an empty record rather than an error.',
  'The limit caps how many related records come back with it.',
  'Related records share the first four characters of the key.',
  'Records are created by the conformance suite and removed after the run.',
  'Nothing in a record is secret, so it may be shown to a user.',
  'The lookup is read-only and may be repeated at will.',
  'Answers are plain text, one field per line.',
  'Counts are whole numbers between zero and one thousand.',
  'Notes are at most eighty characters long.',
].join(' ');

/** Every tool of the probe upstream, in listing order. */
export const PROBE_TOOLS: readonly ProbeTool[] = [
  { name: PROBE_ECHO, description: 'Echo the given text back.', inputSchema: TEXT_SCHEMA },
  {
    // Read-only like the lookups, so a result cache may keep it: its errors must not be kept.
    name: PROBE_FAIL,
    description: 'Refuse the given text with a tool error.',
    inputSchema: TEXT_SCHEMA,
    annotations: READ_ONLY,
  },
  {
    name: PROBE_CARD_SHORT,
    description: 'Look up a probe record by its key.',
    inputSchema: LOOKUP_SCHEMA,
    annotations: READ_ONLY,
  },
  {
    name: PROBE_CARD_LONG,
    description: PROBE_LONG_DESCRIPTION,
    inputSchema: LOOKUP_SCHEMA,
    annotations: READ_ONLY,
  },
  {
    name: PROBE_CRASH,
    description: 'Fail the call with a protocol error.',
    inputSchema: TEXT_SCHEMA,
  },
  {
    name: PROBE_BAD_SCHEMA,
    description: 'Declare an input schema that is not valid JSON Schema.',
    inputSchema: { type: 'object', properties: { value: { type: 'nothing' } }, required: [] },
  },
  {
    name: PROBE_REQUESTS,
    description: 'List the calls this probe received after a sequence number.',
    inputSchema: { type: 'object', properties: { after: { type: 'integer' } }, required: [] },
  },
];

/** The probe tool named `name`, if any. */
export function probeTool(name: string): ProbeTool | undefined {
  return PROBE_TOOLS.find((tool) => tool.name === name);
}

/** The marker the probe skill's text carries, so a check knows the text came from the probe. */
export const PROBE_SKILL_MARKER = 'xconf-probe-skill';

/** The one skill of the probe upstream's CaSH face (`--cash`), as its `skill` tool serves it. */
export const PROBE_SKILL = {
  /** The skill name. */
  name: 'probeskill',
  /** One line for listings. */
  description: 'Confirm that an aggregator presents the skills of its upstreams.',
  /** The instructions: text only, no placeholder. */
  text: [
    '# probeskill',
    '',
    'This skill belongs to the conformance probe upstream. An aggregator in front of it lists it',
    'under the namespace it gave the probe, and fetching it by that namespace and its name answers',
    `this text, which ends with the marker ${PROBE_SKILL_MARKER}.`,
  ].join('\n'),
} as const;
