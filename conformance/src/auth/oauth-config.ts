/**
 * The `--oauth FILE` a target registered with `auth: 'oauth'` is started with, in the format the
 * `@x/core` OAuth resource server reads (issue 33's contract): issuer, JWKS, resource,
 * authorization servers, scopes and the tool scopes.
 *
 * @module
 */

import { writeFile } from 'node:fs/promises';
import { BASE_TEST_SCOPE } from './oauth-credentials.js';
import type { ScopedTool } from './oauth-settings.js';
import type { TestIssuer } from './test-issuer.js';

/** The `--oauth` file's content, as far as the kit writes it. */
export interface OAuthConfigFile {
  /** The canonical URI of the MCP endpoint (RFC 8707 audience). */
  readonly resource: string;
  /** The authorization servers the RFC 9728 metadata lists. */
  readonly authorizationServers: readonly string[];
  /** The expected `iss`. */
  readonly issuer: string;
  /** Where the issuer's keys are. */
  readonly jwksUri: string;
  /** Every scope the kit's tokens use. */
  readonly scopesSupported: readonly string[];
  /** Tool-name glob to the scope a call needs. */
  readonly toolScopes: Readonly<Record<string, string>>;
}

/** The config of a target at `resource` that trusts `issuer`, with its scope-restricted tool. */
export function oauthConfigFor(
  issuer: Pick<TestIssuer, 'issuer' | 'jwksUri'>,
  resource: string,
  scopedTool: ScopedTool | undefined,
): OAuthConfigFile {
  return {
    resource,
    authorizationServers: [issuer.issuer],
    issuer: issuer.issuer,
    jwksUri: issuer.jwksUri,
    scopesSupported:
      scopedTool === undefined ? [BASE_TEST_SCOPE] : [BASE_TEST_SCOPE, scopedTool.scope],
    toolScopes:
      scopedTool === undefined ? {} : { [globLiteral(scopedTool.name)]: scopedTool.scope },
  };
}

/** A glob matching exactly `name`: its glob metacharacters escaped. */
function globLiteral(name: string): string {
  return name.replace(/[\\*?[\]{}()!]/gu, (character) => `\\${character}`);
}

/** Writes `config` as JSON to `path`. */
export async function writeOAuthConfig(path: string, config: OAuthConfigFile): Promise<void> {
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`);
}
