/**
 * Where things are, found from this module's location (not the working directory).
 *
 * @module
 */

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's root (`src/` and `dist/` are one level down). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The repository root. */
export const REPOSITORY_ROOT = join(PACKAGE_ROOT, '..');

/** The folder of a workspace package linked into this package's `node_modules` (`@x/cash-server`). */
export function linkedPackage(name: string): string {
  return join(PACKAGE_ROOT, 'node_modules', ...name.split('/'));
}
