/**
 * The workspace as the publishing checks see it: where it is and which packages it holds.
 *
 * @module
 */

import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCommandOrThrow } from './run-command.js';

/** The workspace root (this file is `tests/packaging/{src,dist}/workspace.*`). */
export const WORKSPACE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The fields of a package manifest the checks read. */
export interface PackageManifest {
  /** The package name. */
  readonly name: string;
  /** The package version. */
  readonly version: string;
  /** Private packages are never published. */
  readonly private?: boolean;
  /** Command name to file. */
  readonly bin?: Readonly<Record<string, string>>;
  /** Subpath to conditions (or to a file). */
  readonly exports?: Readonly<Record<string, unknown>>;
  /** Runtime dependencies: name to specifier. */
  readonly dependencies?: Readonly<Record<string, string>>;
  /** Optional peers: name to specifier. */
  readonly peerDependencies?: Readonly<Record<string, string>>;
  /** Optional dependencies: name to specifier. */
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}

/** One workspace package. */
export interface WorkspacePackage {
  /** Its absolute folder. */
  readonly directory: string;
  /** Its folder relative to the root, with `/` (`packages/core`). */
  readonly path: string;
  /** Its `package.json`. */
  readonly manifest: PackageManifest;
}

interface ListedPackage {
  readonly path: string;
}

/**
 * Every workspace package except the root, sorted by path, as `pnpm -r ls` lists them (so the
 * list follows `pnpm-workspace.yaml`).
 */
export async function listWorkspacePackages(
  root: string = WORKSPACE_ROOT,
): Promise<WorkspacePackage[]> {
  const { stdout } = await runCommandOrThrow('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], {
    cwd: root,
  });
  const listed = JSON.parse(stdout) as ListedPackage[];
  const packages: WorkspacePackage[] = [];
  for (const { path: directory } of listed) {
    const path = relative(root, directory).split('\\').join('/');
    if (path === '') {
      continue;
    }
    const manifest = JSON.parse(
      await readFile(join(directory, 'package.json'), 'utf8'),
    ) as PackageManifest;
    packages.push({ directory, path, manifest });
  }
  return packages.sort((left, right) => (left.path < right.path ? -1 : 1));
}

/** The packages that are published (not `private`). */
export function publicPackages(packages: readonly WorkspacePackage[]): WorkspacePackage[] {
  return packages.filter((item) => item.manifest.private !== true);
}
