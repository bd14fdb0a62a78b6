/**
 * Packing workspace packages as `pnpm publish` would, and reading a tarball's manifest.
 *
 * @module
 */

import { join } from 'node:path';
import { runCommandOrThrow } from './run-command.js';
import type { PackageManifest, WorkspacePackage } from './workspace.js';

/** A packed package. */
export interface PackedPackage {
  /** The package packed. */
  readonly source: WorkspacePackage;
  /** The tarball's absolute path. */
  readonly tarball: string;
}

interface PackJson {
  readonly filename: string;
}

/**
 * Packs one package with `pnpm pack` (which rewrites `workspace:` and `catalog:` specifiers to
 * versions) into `destination`, and returns the tarball's path.
 */
export async function packPackage(
  source: WorkspacePackage,
  destination: string,
): Promise<PackedPackage> {
  const { stdout } = await runCommandOrThrow(
    'pnpm',
    ['pack', '--pack-destination', destination, '--json'],
    { cwd: source.directory },
  );
  const { filename } = JSON.parse(stdout) as PackJson;
  return { source, tarball: filename.startsWith('/') ? filename : join(destination, filename) };
}

/** The `package/package.json` inside a tarball. */
export async function readPackedManifest(tarball: string): Promise<PackageManifest> {
  const { stdout } = await runCommandOrThrow('tar', ['-xOzf', tarball, 'package/package.json'], {
    cwd: process.cwd(),
  });
  return JSON.parse(stdout) as PackageManifest;
}

/** Every dependency specifier of a manifest that only a workspace understands (`workspace:`, `catalog:`). */
export function unresolvedSpecifiers(manifest: PackageManifest): string[] {
  const groups = [
    manifest.dependencies,
    manifest.peerDependencies,
    manifest.optionalDependencies,
  ] as const;
  return groups.flatMap((group) =>
    Object.entries(group ?? {})
      .filter(([, specifier]) => /^(workspace|catalog):/.test(specifier))
      .map(([name, specifier]) => `${name}@${specifier}`),
  );
}
