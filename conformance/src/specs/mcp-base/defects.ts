/**
 * The defects of the `mcp-base` fixture (`test/fixtures/mcp-base/server.mjs --defect NAME`),
 * each breaking one requirement, and the failure it causes. Over stdio unless `setup` says
 * `http` (the fixture over Streamable HTTP). The fixture's `http-parse-error-html` is no defect:
 * 400 with an HTML body is how both MCP revisions allow a server to refuse a body that is not
 * JSON (test/specs/mcp-base/checks.test.ts proves it passes).
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `mcp-base`. */
export const mcpBaseDefects: DefectTable = {
  fixture: 'test/fixtures/mcp-base/server.mjs',
  defects: [
    {
      requirement: 'mcp.lifecycle.initialize',
      defect: 'no-server-info',
      failure: /^serverInfo is missing$/,
    },
    {
      requirement: 'mcp.capabilities.tools',
      defect: 'tools-list-broken',
      failure: /^declares tools but tools\/list failed: .*listing is broken/,
    },
    {
      requirement: 'mcp.capabilities.tools',
      defect: 'tools-undeclared',
      failure: /^tools\/list lists 1 tools but the tools capability is not declared$/,
    },
    {
      requirement: 'mcp.capabilities.resources',
      defect: 'resources-list-broken',
      failure: /^declares resources but resources\/list failed/,
    },
    {
      requirement: 'mcp.capabilities.resources',
      defect: 'resources-undeclared',
      failure: /the resources capability is not declared$/,
    },
    {
      requirement: 'mcp.capabilities.prompts',
      defect: 'prompts-list-broken',
      failure: /^declares prompts but prompts\/list failed/,
    },
    {
      requirement: 'mcp.capabilities.prompts',
      defect: 'prompts-undeclared',
      failure: /the prompts capability is not declared$/,
    },
    {
      requirement: 'mcp.tools.definition-shape',
      defect: 'tool-shape',
      failure:
        /^"list_items" has inputSchema.type "array", not "object"; "no_schema" has no inputSchema object$/,
    },
    {
      requirement: 'mcp.tools.schema-valid',
      defect: 'invalid-schema',
      failure: /^"lookup" inputSchema \(2020-12\): schema is invalid: data\/properties\/key\/type/,
    },
    {
      requirement: 'mcp.tools.name-format',
      defect: 'colon-tool-name',
      failure: /"bad:name#x"$/,
    },
    {
      requirement: 'mcp.tools.name-client-safe',
      defect: 'long-tool-name',
      failure: /^names outside 1-64 of \[A-Za-z0-9_.\/-\]: "long_x{60}"$/,
    },
    {
      requirement: 'mcp.ping.empty-result',
      defect: 'ping-not-empty',
      failure: /^the ping result is not empty: it has "pong"$/,
    },
    {
      requirement: 'jsonrpc.unknown-method.error',
      defect: 'unknown-method-result',
      failure: /was answered with a result/,
    },
    {
      requirement: 'jsonrpc.unknown-method.code',
      defect: 'unknown-method-wrong-code',
      failure: /^answered with code -32600 instead of -32601$/,
    },
    {
      requirement: 'jsonrpc.parse-error.keeps-serving',
      defect: 'exit-on-garbage',
      failure:
        /ping got no answer: the server process exited with code 1 \(stderr: fatal: cannot parse input\)$/,
    },
    {
      requirement: 'jsonrpc.parse-error.code',
      defect: 'parse-error-wrong-code',
      failure: /^answered with -32603 instead of -32700$/,
    },
    {
      requirement: 'jsonrpc.parse-error.code',
      defect: 'http-parse-error-ok',
      setup: 'http',
      failure:
        /^HTTP 200 \(application\/json\) with error -32700: a body the server cannot accept must get an HTTP error status$/,
    },
    {
      requirement: 'jsonrpc.parse-error.code',
      defect: 'http-parse-error-result',
      setup: 'http',
      failure: /^answered with a result instead of -32700$/,
    },
    {
      requirement: 'jsonrpc.parse-error.code',
      defect: 'http-parse-error-wrong-code',
      setup: 'http',
      failure: /^answered with -32600 instead of -32700$/,
    },
    {
      requirement: 'mcp.stdio.stdout-messages-only',
      defect: 'stdout-banner',
      failure: /^1 stdout line\(s\) are not JSON-RPC messages, first: "banner-fixture ready"$/,
    },
    {
      requirement: 'mcp.pagination.follows-cursor',
      defect: 'endless-cursor',
      failure:
        /^tools\/list page 2: repeats the cursor "again"; tools\/list lists name "echo" more than once$/,
    },
  ],
};
