/**
 * The options of the OAuth 2.1 resource server (`HttpServeOptions.oauth`, the `--oauth FILE`):
 * which issuer to trust, where its keys are, what the server's canonical URI is, and how scopes
 * and claims become roles.
 *
 * @module
 */

import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { CoreError } from '../../errors.js';

/** One scope-token (RFC 6749 §3.3: printable ASCII without space, `"` or `\`). */
export const SCOPE_TOKEN_PATTERN = /^[\x21\x23-\x5B\x5D-\x7E]+$/u;

/** The JWS algorithms accepted when the options name none: asymmetric ones only. */
export const DEFAULT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

const ScopeSchema = z.string().regex(SCOPE_TOKEN_PATTERN, 'one scope-token (RFC 6749 §3.3)');

const HttpUrlSchema = z
  .string()
  .url()
  .refine(
    (text) => URL.canParse(text) && /^https?:$/u.test(new URL(text).protocol),
    'an http(s) URL',
  );

/** RFC 7662 token introspection, for opaque (non-JWT) access tokens. */
export const IntrospectionOptionsSchema = z.strictObject({
  /** The introspection endpoint. */
  endpoint: HttpUrlSchema,
  /** The resource server's client id at the authorization server (HTTP Basic, RFC 7662 §2.1). */
  clientId: z.string().min(1),
  /** The name of the environment variable holding the client secret (never the secret itself). */
  clientSecretEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/u, 'an environment variable name'),
});

/** The introspection options; see {@link IntrospectionOptionsSchema}. */
export type IntrospectionOptions = z.infer<typeof IntrospectionOptionsSchema>;

/** One scope-to-role rule of {@link RoleMappingSchema}. */
export const RoleRuleSchema = z.strictObject({
  /** The scope a token must carry. */
  scope: ScopeSchema,
  /** The role it then gets. */
  role: z.string().min(1),
});

/** How a verified token becomes a role (`CallerContext.role`). */
export const RoleMappingSchema = z.strictObject({
  /** A claim whose string value (or first string, for an array) is the role, tried first. */
  claim: z.string().min(1).optional(),
  /** Scope to role, tried in order: the first scope the token carries names the role. */
  scopes: z.array(RoleRuleSchema).optional(),
  /** The role when neither the claim nor a scope rule applies (default: none). */
  default: z.string().min(1).optional(),
});

/** The role mapping; see {@link RoleMappingSchema}. */
export type RoleMapping = z.infer<typeof RoleMappingSchema>;

/**
 * The OAuth resource server's options (MCP 2025-11-25 Authorization §2, RFC 9728, RFC 8707).
 *
 * `issuer` is the expected `iss`; without `jwksUri` its keys are found through its metadata
 * (RFC 8414 §3, then OpenID Connect Discovery §4). `resource` is the server's canonical URI, the
 * audience every token must name (default: the served MCP URL). `toolScopes` maps tool-name globs
 * (`*`, `?`, `\` escapes) to the scope a `tools/call` of a matching tool needs.
 */
export const OAuthResourceOptionsSchema = z.strictObject({
  /** The trusted issuer identifier (the tokens' `iss`). */
  issuer: HttpUrlSchema,
  /** The issuer's JWKS; discovered from `issuer` when absent. */
  jwksUri: HttpUrlSchema.optional(),
  /** Introspection for opaque tokens (RFC 7662). */
  introspection: IntrospectionOptionsSchema.optional(),
  /** The canonical URI of the MCP endpoint (RFC 8707 §2); default: the served URL. */
  resource: HttpUrlSchema.optional(),
  /** The authorization servers the metadata lists (default: `[issuer]`). */
  authorizationServers: z.array(HttpUrlSchema).min(1).optional(),
  /** The scopes the metadata advertises (RFC 9728 §2 `scopes_supported`). */
  scopesSupported: z.array(ScopeSchema).optional(),
  /** The JWS algorithms accepted (default {@link DEFAULT_ALGORITHMS}; `none` is never). */
  algorithms: z
    .array(
      z
        .string()
        .min(1)
        .refine((alg) => alg.toLowerCase() !== 'none', '"none" is refused'),
    )
    .min(1)
    .optional(),
  /** Seconds of clock skew tolerated on `exp` and `nbf` (default 0). */
  clockToleranceSeconds: z.number().int().min(0).max(300).optional(),
  /** Claims and scopes to roles. */
  roles: RoleMappingSchema.optional(),
  /** Tool-name glob to the scope a `tools/call` of that tool needs. */
  toolScopes: z.record(z.string().min(1), ScopeSchema).optional(),
});

/** The OAuth resource server's options; see {@link OAuthResourceOptionsSchema}. */
export type OAuthResourceOptions = z.infer<typeof OAuthResourceOptionsSchema>;

/**
 * Checks an `oauth` option.
 *
 * @throws CoreError `INVALID_ARGUMENT` naming the first offending field.
 */
export function validateOAuthOptions(options: unknown): OAuthResourceOptions {
  const parsed = OAuthResourceOptionsSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  throw new CoreError({
    code: 'INVALID_ARGUMENT',
    message: `Invalid oauth option: ${describeIssues(parsed.error)}.`,
  });
}

/**
 * Reads an `--oauth` file (JSON of {@link OAuthResourceOptionsSchema}).
 *
 * @throws CoreError `CONFIG_INVALID` naming the file and the offending field.
 */
export async function readOAuthFile(path: string): Promise<OAuthResourceOptions> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw fileError(path, 'cannot be read', error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw fileError(path, 'is not valid JSON', error);
  }
  const parsed = OAuthResourceOptionsSchema.safeParse(json);
  if (!parsed.success) throw fileError(path, describeIssues(parsed.error), undefined);
  return parsed.data;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map(
      (issue) =>
        `${issue.path.length === 0 ? 'the object' : issue.path.join('.')}: ${issue.message}`,
    )
    .join('; ');
}

function fileError(path: string, reason: string, cause: unknown): CoreError {
  return new CoreError({
    code: 'CONFIG_INVALID',
    message: `OAuth file ${path} ${reason}.`,
    data: { file: path },
    ...(cause === undefined ? {} : { cause }),
  });
}
