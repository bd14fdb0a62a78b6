/**
 * `@x/gateway/server`: the MCP servers of the gateway surface (gateway-surface
 * §4): the shared runtime over upstream servers, the three-tool gateway with
 * its context firewall, and the transparent proxy.
 *
 * @module
 */

// Resources and prompts (§9.4)
export {
  PRIMITIVE_TOOL_NAMES,
  PROMPT_BROWSE,
  PROMPT_GET,
  PrimitiveBrowseArgumentsSchema,
  PromptGetArgumentsSchema,
  RESOURCE_BROWSE,
  RESOURCE_READ,
  ResourceReadArgumentsSchema,
} from '../primitives/primitive-meta-tools.js';
export {
  createPrimitiveRuntime,
  type PrimitiveRefreshReport,
  type PrimitiveRuntime,
  type PrimitiveUpstream,
  primitiveUpstreamsFromPool,
} from '../primitives/primitive-runtime.js';
export { createPrimitiveTools, type PrimitiveTools } from '../primitives/primitive-tools.js';
// Gateway mode (§4.2)
export {
  createGatewayServer,
  createGatewayServerFactory,
  type GatewayServerOptions,
  prepareHybridBrowse,
  renderBrowseText,
} from './gateway-server.js';
export { DEFAULT_SERVER_INFO, errorResult, jsonResult } from './mcp-server.js';
// Meta-tools
export {
  META_TOOL_NAMES,
  TOOL_BROWSE,
  TOOL_EXECUTE,
  TOOL_HYDRATE,
  TOOL_VIEW,
  ToolBrowseArgumentsSchema,
  ToolExecuteArgumentsSchema,
  ToolHydrateArgumentsSchema,
  ToolViewArgumentsSchema,
} from './meta-tools.js';
// Proxy mode (§4.1)
export {
  createProxyServer,
  createProxyServerFactory,
  type ProxyServerOptions,
  type ProxyToolNames,
  SENTINEL_INPUT_SCHEMA,
} from './proxy-server.js';
// The runtime (§4, §4.6)
export {
  createGatewayRuntime,
  type ExecuteOutcome,
  type GatewayRuntime,
  type GatewayRuntimeOptions,
  type PreparedCall,
  type RefreshReport,
  type UpstreamRefresh,
} from './runtime.js';
// Upstreams
export {
  type GatewayUpstream,
  type GatewayUpstreamCallOptions,
  upstreamsFromPool,
} from './upstream.js';
