/**
 * `@x/core/serve`: run MCP servers over stdio or Streamable HTTP.
 *
 * A {@link ServerFactory} builds one `McpServer` per MCP session; {@link serveStdio} runs one
 * session, {@link serveHttp} one per HTTP session id, bound to 127.0.0.1 by default, with
 * DNS-rebinding protection and optional bearer tokens mapped to roles, or an OAuth 2.1 resource
 * server (`HttpServeOptions.oauth`).
 *
 * @module
 */

// Serving
export {
  ANONYMOUS_SCOPE,
  isSessionScope,
  principalScope,
  sessionScope,
  stdioScope,
} from './caller-scope.js';
// Command-line helpers
export {
  DEFAULT_LISTEN_HOST,
  formatListenAddress,
  type ListenAddress,
  parseListenAddress,
} from './listen-address.js';

// OAuth 2.1 resource server (HttpServeOptions.oauth)
export {
  DEFAULT_ALGORITHMS,
  type IntrospectionOptions,
  IntrospectionOptionsSchema,
  type OAuthResourceOptions,
  OAuthResourceOptionsSchema,
  type RoleMapping,
  RoleMappingSchema,
  RoleRuleSchema,
  readOAuthFile,
  validateOAuthOptions,
} from './oauth/oauth-options.js';
export { principalFingerprint, roleOf } from './oauth/principal.js';
export {
  metadataUrlOf,
  PROTECTED_RESOURCE_WELL_KNOWN,
  type ProtectedResourceMetadata,
} from './oauth/resource-metadata.js';
export type { VerifiedToken } from './oauth/token-verdict.js';
export { type CallTargets, compileToolGlob } from './oauth/tool-scopes.js';
export {
  type BearerChallenge,
  type BearerErrorCode,
  formatBearerChallenge,
  parseScopes,
} from './oauth/www-authenticate.js';
// DNS-rebinding protection, for HTTP servers that do not go through serveHttp
export {
  createRequestGuard,
  type RequestGuard,
  type RequestGuardOptions,
} from './request-guard.js';
export { serveHttp } from './serve-http.js';
export { serveStdio } from './serve-stdio.js';
export { type CloseOnSignalsOptions, closeOnSignals } from './signals.js';
export { MIN_TOKEN_LENGTH, readTokensFile, type Tokens, TokensSchema } from './tokens.js';
// Shapes
export type {
  AnsweredRequest,
  CallerContext,
  HttpRoute,
  HttpRouteHandler,
  HttpRouteWithAuth,
  HttpServeOptions,
  HttpSessionCloseReason,
  ProtocolEra,
  RunningHttpServer,
  RunningServer,
  ServerFactory,
  SessionContext,
  StdioServeOptions,
} from './types.js';
