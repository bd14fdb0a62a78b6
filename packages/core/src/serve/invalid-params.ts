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

function shorten(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message) || message.error.code !== INVALID_PARAMS) return message;
  const short = shortenInvalidParamsMessage(message.error.message);
  return short === message.error.message
    ? message
    : { ...message, error: { ...message.error, message: short } };
}

/** Makes `transport` send invalid-parameters errors in their short form. */
function shortenOutgoing(transport: Transport): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(shorten(message), options);
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
