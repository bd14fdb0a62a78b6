/**
 * The defects of the 2026-07-28 era fixture (`fixtures/modern-only.mjs --defect NAME`, over
 * Streamable HTTP), each breaking one requirement, and the failure it causes.
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `mcp-2026`. */
export const mcp2026Defects: DefectTable = {
  fixture: 'fixtures/modern-only.mjs',
  defects: [
    {
      requirement: 'mcp2026.discover.shape',
      defect: 'discover',
      failure: /^supportedVersions is missing or not an array of strings$/,
    },
    {
      requirement: 'mcp2026.envelope.accepted',
      defect: 'envelope-refused',
      failure:
        /^tools\/list with the full envelope got error -32602 unexpected _meta field clientInfo$/,
    },
    {
      requirement: 'mcp2026.envelope.required',
      defect: 'envelope',
      failure: /^tools\/list without clientCapabilities: answered with a result, not error -32602/,
    },
    {
      requirement: 'mcp2026.version.unsupported',
      defect: 'unsupported-version',
      failure: /data\.supported is not a list of versions$/,
    },
    {
      requirement: 'mcp2026.headers.mismatch',
      defect: 'header-mismatch',
      failure:
        /^tools\/list with Mcp-Method prompts\/list: answered with a result, not error -32020/,
    },
    {
      requirement: 'mcp2026.headers.case-insensitive',
      defect: 'header-case',
      failure: /^tools\/list with headers MCP-PROTOCOL-VERSION, mCp-MeThOd: HTTP 400, -32020/,
    },
    {
      requirement: 'mcp2026.removed.not-found',
      defect: 'removed-method',
      failure: /^ping: HTTP 200, not 404; logging\/setLevel: HTTP 200, not 404$/,
    },
    {
      requirement: 'mcp2026.cache.hints',
      defect: 'cache-hints',
      failure: /^server\/discover: ttlMs is missing; tools\/list: ttlMs is missing/,
    },
    {
      requirement: 'mcp2026.tools.stable-order',
      defect: 'order',
      failure: /^the order changed between requests: \[[a-z_, ]+\] then \[[a-z_, ]+\]$/,
    },
    {
      requirement: 'mcp2026.tools.same-for-same-authorization',
      defect: 'per-caller',
      failure: /^two callers got different lists: \[echo, add, get_time\] and \[echo, add\]$/,
    },
  ],
};
