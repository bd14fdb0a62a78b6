/**
 * Where a check is defined, for `COVERAGE.md`.
 *
 * @module
 */

import { fileURLToPath } from 'node:url';

/**
 * The file of the module at `moduleUrl` (a check's `definedIn`) as this package's repository
 * holds it: `src/specs/cash/checks/tools.ts`. A built module (`dist/specs/.../tools.js`) maps back
 * to its source, so the answer is the same from the sources and from the build; `undefined` when
 * the module is not inside `src/` or `dist/` of a package.
 */
export function sourceFileOf(moduleUrl: string): string | undefined {
  const path = moduleUrl.startsWith('file:') ? fileURLToPath(moduleUrl) : moduleUrl;
  const parts = path.split(/[\\/]/u);
  const root = Math.max(parts.lastIndexOf('src'), parts.lastIndexOf('dist'));
  if (root < 0) return undefined;
  const file = ['src', ...parts.slice(root + 1)].join('/');
  return file.replace(/\.js$/u, '.ts');
}
