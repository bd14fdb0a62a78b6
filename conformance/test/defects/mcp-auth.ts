/**
 * The OAuth resource server fixture with a defect, over Streamable HTTP, registered with
 * `auth: 'oauth'` so the kit's test issuer configures it and mints the tokens; in both eras.
 */

import { join } from 'node:path';
import { createOAuthHttpTarget } from '../../src/auth/oauth-http-target.js';
import { AUTH_SETTINGS_KEY } from '../../src/auth/oauth-settings.js';
import type { TargetDefinition } from '../../src/index.js';
import { FIXTURES_DIRECTORY } from '../helpers.js';
import type { DefectKit } from './kit.js';

/** The fixture, relative to `test/fixtures/`. */
export const AUTH_FIXTURE = 'auth/oauth-server.mjs';

/** The fixture's scope-restricted tool, as a registration names it. */
export const AUTH_FIXTURE_SCOPED_TOOL = { name: 'admin-reset', arguments: {}, scope: 'mcp:admin' };

/** The fixture with `defect` (`none`: the good one), as an `auth: 'oauth'` target. */
export function authFixtureTarget(defect: string, scopedTool = true): TargetDefinition {
  return createOAuthHttpTarget({
    name: `oauth-server ${defect}`,
    command: process.execPath,
    args: ({ configFile }) => [
      join(FIXTURES_DIRECTORY, AUTH_FIXTURE),
      '--oauth',
      configFile,
      '--defect',
      defect,
    ],
    specs: ['mcp-auth'],
    ...(scopedTool
      ? { settings: { [AUTH_SETTINGS_KEY]: { scopedTool: AUTH_FIXTURE_SCOPED_TOOL } } }
      : {}),
    ready: /^listening /u,
  });
}

/** The kit of `mcp-auth`: every row in both eras. */
export function mcpAuthKit(): DefectKit {
  return {
    target: (_setup, defect) => authFixtureTarget(defect),
    eras: () => ['modern', 'legacy'],
  };
}
