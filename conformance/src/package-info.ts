/**
 * The identity x-conformance announces to servers.
 *
 * @module
 */

import { readFileSync } from 'node:fs';

const packageJson: unknown = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);
const version =
  typeof packageJson === 'object' &&
  packageJson !== null &&
  'version' in packageJson &&
  typeof packageJson.version === 'string'
    ? packageJson.version
    : '0.0.0';

/** The `clientInfo` sent in `initialize`. */
export const CLIENT_INFO = { name: 'x-conformance', version } as const;
