/**
 * Short `-32602` messages: the SDK answers a request whose parameters break the wire schema
 * (`tools/call` with `name: 42`, `arguments: []`) with the schema library's whole issue list,
 * pretty-printed JSON; we send one line per problem instead.
 *
 * @module
 */
import type { JSONRPCMessage, McpServer, Transport } from '@modelcontextprotocol/server';
import type { ServerFactory } from './types.js';

/** JSON-RPC 2.0 §5.1: invalid method parameters. */
const INVALID_PARAMS = -32_602;
/** JSON-RPC 2.0 §5.1: internal error, which the SDK answers a malformed `initialize` with. */
const INTERNAL_ERROR = -32_603;
/** The longest message we send for invalid parameters. */
const MAX_MESSAGE_LENGTH = 300;
/** `Invalid tools/call request: [ {...}, ... ]`, as the SDK words it. */
const SCHEMA_DUMP = /^([^:[\]]{1,120}):\s*(\[[\s\S]*\])\s*$/;

interface SchemaIssue {
  path?: unknown;
  message?: unknown;
}

function describeIssue(issue: SchemaIssue): string | undefined {
  if (typeof issue.message !== 'string') return undefined;
  const path = Array.isArray(issue.path) ? issue.path.map(String).join('.') : '';
  const what = issue.message.replace(/^Invalid input: /, '').replace(/\s+/g, ' ');
  return path === '' ? what : `${path}: ${what}`;
}

function cut(text: string): string {
  return text.length <= MAX_MESSAGE_LENGTH ? text : `${text.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;
}

/**
 * The one-line form of an invalid-parameters message: `Invalid tools/call request: params.name:
 * expected string, received number; params.arguments: expected record, received array`. Any
 * other message comes back unchanged, cut to 300 characters.
 */
export function shortenInvalidParamsMessage(message: string): string {
  const found = SCHEMA_DUMP.exec(message);
  if (found === null) return cut(message.replace(/\s+/g, ' '));
  let issues: unknown;
  try {
    issues = JSON.parse(found[2] as string);
  } catch {
    return cut(message.replace(/\s+/g, ' '));
  }
  const described = Array.isArray(issues)
    ? issues.flatMap((issue: SchemaIssue) => describeIssue(issue) ?? [])
    : [];
  return cut(
    described.length === 0 ? (found[1] as string) : `${found[1]}: ${described.join('; ')}`,
  );
}

/**
 * The `-32602` answer to an `initialize` whose parameters break the schema: the SDK answers
 * it `-32603` with the bare issue list as its message. `undefined` for any other message.
 */
function invalidInitializeParams(message: string): string | undefined {
  let issues: unknown;
  try {
    issues = JSON.parse(message);
  } catch {
    return undefined;
  }
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const described = issues.flatMap((issue: SchemaIssue) => describeIssue(issue) ?? []);
  return described.length === issues.length
    ? cut(`Invalid initialize request: ${described.join('; ')}`)
    : undefined;
}

function shorten(message: JSONRPCMessage, initializeIds: Set<unknown>): JSONRPCMessage {
  if (!('error' in message)) return message;
  const wasInitialize = initializeIds.delete(message.id);
  if (wasInitialize && message.error.code === INTERNAL_ERROR) {
    const short = invalidInitializeParams(message.error.message);
    if (short !== undefined) {
      return { ...message, error: { code: INVALID_PARAMS, message: short } };
    }
  }
  if (message.error.code !== INVALID_PARAMS) return message;
  const short = shortenInvalidParamsMessage(message.error.message);
  return short === message.error.message
    ? message
    : { ...message, error: { ...message.error, message: short } };
}

/**
 * Makes `transport` send invalid-parameters errors in their short form. It notes the ids of
 * incoming `initialize` requests (the protocol sets `onmessage` before it calls `start`), so
 * their schema failures can be told from internal errors.
 */
function shortenOutgoing(transport: Transport): Transport {
  const initializeIds = new Set<unknown>();
  const send = transport.send.bind(transport);
  const start = transport.start.bind(transport);
  transport.send = (message, options) => {
    if ('result' in message) initializeIds.delete(message.id);
    return send(shorten(message, initializeIds), options);
  };
  transport.start = () => {
    const receive = transport.onmessage;
    if (receive !== undefined) {
      transport.onmessage = (message, extra) => {
        if ('method' in message && message.method === 'initialize' && 'id' in message) {
          initializeIds.add(message.id);
        }
        receive(message, extra);
      };
    }
    return start();
  };
  return transport;
}

/**
 * Wraps a factory so that every server it builds answers invalid parameters with a short
 * `-32602` message (see {@link shortenInvalidParamsMessage}), whatever transport it is
 * connected to.
 */
export function withShortInvalidParams(factory: ServerFactory): ServerFactory {
  return async (context) => {
    const server: McpServer = await factory(context);
    const connect = server.connect.bind(server);
    server.connect = (transport) => connect(shortenOutgoing(transport));
    return server;
  };
}
