/**
 * Sets a target up for its run; for a target registered with `auth: 'oauth'`, with the kit's
 * test issuer around it: the issuer starts first, the target writes its `--oauth` file through
 * the kit, the issuer mints the checks' tokens for the resource the file names, and every request
 * of the run carries the valid one.
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConformanceError } from '../errors.js';
import { mergeHeaders } from '../session/standard-headers.js';
import type { TargetDefinition, TargetSetup } from '../target.js';
import { oauthConfigFor, writeOAuthConfig } from './oauth-config.js';
import { BASE_TEST_SCOPE, type OAuthTestTokens } from './oauth-credentials.js';
import { authSettingsOf } from './oauth-settings.js';
import { startTestIssuer, type TestIssuer } from './test-issuer.js';

/** How long a valid token lives, in seconds (longer than any run). */
const VALID_FOR_SECONDS = 3600;

/** How long ago the expired token expired, in seconds (beyond any clock leeway). */
const EXPIRED_SECONDS_AGO = 600;

/** Runs `definition.setup`, with the kit's test issuer when the target has `auth: 'oauth'`. */
export async function setUpTarget(definition: TargetDefinition): Promise<TargetSetup> {
  if (definition.auth !== 'oauth') return definition.setup();
  const scopedTool = authSettingsOf(definition.settings).scopedTool;
  const issuer = await startTestIssuer();
  const folder = await mkdtemp(join(tmpdir(), 'x-conformance-oauth-'));
  const release = async () => {
    await issuer.close();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    let resource: string | undefined;
    const setup = await definition.setup({
      oauth: {
        writeConfig: async (canonical) => {
          resource = canonical;
          const path = join(folder, 'oauth.json');
          await writeOAuthConfig(path, oauthConfigFor(issuer, canonical, scopedTool));
          return path;
        },
      },
    });
    const cleanup = async () => {
      try {
        await setup.cleanup?.();
      } finally {
        await release();
      }
    };
    if (resource === undefined || setup.transport.kind !== 'http') {
      await cleanup();
      throw new ConformanceError({
        code: 'TARGET_START_FAILED',
        message: `target "${definition.name}" has auth: 'oauth' but ${resource === undefined ? 'wrote no --oauth file' : 'is not reached over HTTP'}`,
      });
    }
    const tokens = await mintTokens(issuer, resource, scopedTool?.scope);
    return {
      transport: {
        ...setup.transport,
        headers: mergeHeaders(setup.transport.headers ?? {}, {
          authorization: `Bearer ${tokens.valid}`,
        }),
      },
      cleanup,
      auth: { resource, issuer: issuer.issuer, tokens },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** The tokens of a resource: every variant differs from `valid` in one claim or the key. */
async function mintTokens(
  issuer: TestIssuer,
  resource: string,
  extraScope: string | undefined,
): Promise<OAuthTestTokens> {
  const full = extraScope === undefined ? BASE_TEST_SCOPE : `${BASE_TEST_SCOPE} ${extraScope}`;
  const valid = { audience: resource, scope: full, expiresIn: VALID_FOR_SECONDS };
  return {
    valid: await issuer.mint(valid),
    fresh: await issuer.mint({ ...valid, id: 'fresh' }),
    wrongAudience: await issuer.mint({ ...valid, audience: otherResource(resource) }),
    expired: await issuer.mint({ ...valid, expiresIn: -EXPIRED_SECONDS_AGO }),
    badSignature: await issuer.mint({ ...valid, foreignKey: true }),
    limitedScope: await issuer.mint({ ...valid, scope: BASE_TEST_SCOPE }),
  };
}

/** A resource on the same origin that is not `resource` (another MCP endpoint). */
function otherResource(resource: string): string {
  const url = new URL(resource);
  url.pathname = `${url.pathname.replace(/\/$/u, '')}-other`;
  return url.href;
}
