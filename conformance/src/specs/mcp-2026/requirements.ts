/**
 * The requirements of the `mcp-2026` spec: what a server of the 2026-07-28 era owes any client,
 * beyond the `mcp-base` checks that run in both eras.
 *
 * Source: the MCP specification revision `2026-07-28`, cited by page and heading (`basic`,
 * `basic/versioning`, `basic/transports/streamable-http`, `server/discover`, `server/tools`,
 * `server/utilities/caching`), in our own words.
 *
 * @module
 */

import type { Requirement } from '../../requirement.js';

/** The MCP specification revision these requirements cite. */
export const MCP_2026_REVISION = 'mcp-2026-07-28';

/** Every requirement of `mcp-2026`, in report order. */
export const mcp2026Requirements: readonly Requirement[] = [
  {
    id: 'mcp2026.discover.shape',
    spec: MCP_2026_REVISION,
    section: 'server/discover: Response, DiscoverResult',
    level: 'MUST',
    summary:
      'server/discover answers with supportedVersions (strings, 2026-07-28 among them) and a capabilities object.',
  },
  {
    id: 'mcp2026.envelope.accepted',
    spec: MCP_2026_REVISION,
    section: 'basic: General fields, _meta (per-request protocol fields)',
    level: 'MUST',
    summary:
      'A request whose _meta carries the protocol version, client info and client capabilities is served.',
  },
  {
    id: 'mcp2026.envelope.required',
    spec: MCP_2026_REVISION,
    section: 'basic: General fields, _meta (per-request protocol fields)',
    level: 'MUST',
    summary:
      'A request missing a required _meta field (the client capabilities) is refused with -32602, over HTTP with status 400.',
  },
  {
    id: 'mcp2026.version.unsupported',
    spec: MCP_2026_REVISION,
    section:
      'basic/versioning: Protocol Version Negotiation; streamable-http: Protocol Version Header',
    level: 'MUST',
    summary:
      'A request claiming a protocol version the server does not implement gets -32022 listing the supported versions in data.supported, over HTTP with status 400.',
  },
  {
    id: 'mcp2026.headers.mismatch',
    spec: MCP_2026_REVISION,
    section: 'basic/transports/streamable-http: Server Validation',
    level: 'MUST',
    summary:
      'An HTTP request whose Mcp-Method, Mcp-Name or MCP-Protocol-Version header disagrees with its body, or lacks Mcp-Method, gets status 400 and -32020.',
  },
  {
    id: 'mcp2026.headers.case-insensitive',
    spec: MCP_2026_REVISION,
    section: 'basic/transports/streamable-http: Case Sensitivity',
    level: 'MUST',
    summary: 'The standard headers are recognized whatever the case of their names.',
  },
  {
    id: 'mcp2026.removed.not-found',
    spec: MCP_2026_REVISION,
    section: 'changelog: items 2 and 5; basic/transports/streamable-http: Protocol Version Header',
    level: 'MUST',
    summary:
      'Methods the revision removed (ping, logging/setLevel) are answered -32601, over HTTP with status 404.',
  },
  {
    id: 'mcp2026.cache.hints',
    spec: MCP_2026_REVISION,
    section: 'server/utilities/caching: Cacheable Results, Cacheable Model',
    level: 'MUST',
    summary:
      'Every complete list and read result (server/discover, tools, prompts, resources, templates, resources/read) carries ttlMs >= 0 and a cacheScope of public or private.',
  },
  {
    id: 'mcp2026.tools.stable-order',
    spec: MCP_2026_REVISION,
    section: 'server/tools: Capabilities (deterministic order)',
    level: 'SHOULD',
    summary: 'tools/list lists the same tools in the same order on repeated requests.',
  },
  {
    id: 'mcp2026.tools.same-for-same-authorization',
    spec: MCP_2026_REVISION,
    section: 'server/tools: Capabilities',
    level: 'MUST',
    summary:
      'Two callers presenting the same authorization, on separate connections, get the same tools/list.',
  },
];
