/**
 * The requirements of the `mcp-base` spec: what every MCP server owes any client, at the level
 * its source gives it.
 *
 * Sources: the MCP specification revision `2025-11-25` (the stateful revision the SDK v2 this
 * package uses speaks beside `2026-07-28`, whose own checks are in `mcp-2026`), sections named by
 * page and heading; JSON-RPC 2.0, which MCP adopts with a MUST (every message between client and
 * server follows it, basic: Messages). Where a source states no keyword for servers, the level is
 * the weakest one the text supports, and the comment says why.
 *
 * @module
 */

import type { Requirement } from '../../requirement.js';

/** The MCP specification revision these requirements cite. */
export const MCP_REVISION = 'mcp-2025-11-25';

/** The JSON-RPC specification. */
export const JSON_RPC = 'jsonrpc-2.0';

/** Every requirement of `mcp-base`, in report order. */
export const mcpBaseRequirements: readonly Requirement[] = [
  {
    id: 'mcp.lifecycle.initialize',
    spec: MCP_REVISION,
    section: 'basic/lifecycle: Initialization, Version Negotiation',
    level: 'MUST',
    summary:
      'initialize gets a result with a protocol version the SDK client supports, serverInfo with name and version, and a capabilities object.',
  },
  {
    id: 'mcp.capabilities.tools',
    spec: MCP_REVISION,
    section: 'server/tools: Capabilities',
    level: 'MUST',
    summary:
      'A server declaring the tools capability answers tools/list; a server that lists tools declares the capability.',
  },
  {
    id: 'mcp.capabilities.resources',
    spec: MCP_REVISION,
    section: 'server/resources: Capabilities',
    level: 'MUST',
    summary:
      'A server declaring the resources capability answers resources/list; a server that lists resources declares the capability.',
  },
  {
    id: 'mcp.capabilities.prompts',
    spec: MCP_REVISION,
    section: 'server/prompts: Capabilities',
    level: 'MUST',
    summary:
      'A server declaring the prompts capability answers prompts/list; a server that lists prompts declares the capability.',
  },
  {
    id: 'mcp.tools.definition-shape',
    spec: MCP_REVISION,
    section: 'server/tools: Data Types, Tool (schema.ts Tool)',
    level: 'MUST',
    summary:
      'Every listed tool has a string name and an inputSchema object whose type is "object".',
  },
  {
    id: 'mcp.tools.schema-valid',
    spec: MCP_REVISION,
    section: 'basic: JSON Schema Usage, Schema Validation; server/tools: Tool',
    level: 'MUST',
    summary:
      'Every inputSchema and outputSchema is a valid JSON Schema of its $schema dialect, 2020-12 when $schema is absent.',
  },
  {
    // "Tool names SHOULD be between 1 and 128 characters ... The following SHOULD be the only
    // allowed characters: A-Z, a-z, 0-9, _, -, ." (no slash in this revision).
    id: 'mcp.tools.name-format',
    spec: MCP_REVISION,
    section: 'server/tools: Tool Names',
    level: 'SHOULD',
    summary:
      'Tool names are 1 to 128 characters drawn from A-Z, a-z, 0-9, underscore, hyphen and dot.',
  },
  {
    // Clients and the official MCP conformance suite enforce the stricter rule of SEP-986:
    // at most 64 characters, with "/" allowed. A name past 64 works on paper and fails in
    // practice, so we report it next to the specification's own rule.
    id: 'mcp.tools.name-client-safe',
    spec: MCP_REVISION,
    section: 'server/tools: Tool Names (the 64-character rule clients enforce)',
    level: 'SHOULD',
    summary:
      'Tool names are 1 to 64 characters of A-Z, a-z, 0-9, underscore, hyphen, dot and slash, as real clients require.',
  },
  {
    id: 'mcp.ping.empty-result',
    spec: MCP_REVISION,
    section: 'basic/utilities/ping: Behavior Requirements',
    level: 'MUST',
    summary: 'ping gets a prompt response whose result is empty (at most _meta).',
  },
  {
    // JSON-RPC: "When a rpc call is made, the Server MUST reply with a Response"; an unknown
    // method is an error, so the reply is an error. MCP adds: error codes MUST be integers and
    // an error MUST have a code and a message (basic: Error Responses).
    id: 'jsonrpc.unknown-method.error',
    spec: JSON_RPC,
    section: '5 Response object (MCP basic: Messages, Error Responses)',
    level: 'MUST',
    summary:
      'A request for a method the server does not have gets an error response with an integer code and a message, not a result or silence.',
  },
  {
    // JSON-RPC lists -32601 "Method not found" among the predefined codes without a keyword.
    id: 'jsonrpc.unknown-method.code',
    spec: JSON_RPC,
    section: '5.1 Error object',
    level: 'SHOULD',
    summary: 'The error for an unknown method has code -32601 (Method not found).',
  },
  {
    // No source makes surviving garbage a MUST: MCP forbids clients from writing non-MCP lines
    // to a server's stdin (basic/transports: stdio). JSON-RPC defines the parse error as an
    // answerable error, which presumes the server goes on serving.
    id: 'jsonrpc.parse-error.keeps-serving',
    spec: JSON_RPC,
    section: '5.1 Error object (-32700 Parse error)',
    level: 'SHOULD',
    summary:
      'After receiving a message that is not valid JSON, the server keeps answering requests.',
  },
  {
    // JSON-RPC names -32700 for a message it cannot parse. Over Streamable HTTP MCP asks of a
    // body the server cannot accept an HTTP error status, whose body MAY hold a JSON-RPC error
    // without an id (2025-11-25 basic/transports, "Sending Messages to the Server"; 2026-07-28
    // basic/transports/streamable-http, "Sending Messages"): an error status without a JSON-RPC
    // body is conformant, a 2xx is not. Over stdio the client broke a MUST NOT by writing the
    // line, and silence is accepted.
    id: 'jsonrpc.parse-error.code',
    spec: JSON_RPC,
    section:
      '5 Response object (id Null on parse error); 5.1 Error object; MCP basic/transports (Streamable HTTP, Sending Messages)',
    level: 'SHOULD',
    summary:
      'A JSON-RPC answer to a message that is not valid JSON is error -32700, never a result or another code; over HTTP the answer has an error status, with or without that error in its body; over stdio silence is accepted.',
  },
  {
    id: 'mcp.stdio.stdout-messages-only',
    spec: MCP_REVISION,
    section: 'basic/transports: stdio',
    level: 'MUST',
    summary:
      'Over stdio the server writes nothing to stdout but valid JSON-RPC messages, one per line.',
  },
  {
    // The pagination page gives servers no MUST: a nextCursor means "more results exist",
    // "Servers SHOULD provide stable cursors", and tool names "SHOULD be unique".
    id: 'mcp.pagination.follows-cursor',
    spec: MCP_REVISION,
    section: 'server/utilities/pagination: Response Format, Implementation Guidelines',
    level: 'SHOULD',
    summary:
      'Following nextCursor through tools, resources, templates and prompts lists ends within 100 pages, with no repeated cursor or duplicate item.',
  },
];
