/**
 * A fresh npm project outside the workspace with packed tarballs installed, the way a user
 * installs the packages from the registry.
 *
 * @module
 */

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { runCommandOrThrow } from './run-command.js';

/** Options of {@link createTemporaryProject}. */
export interface TemporaryProjectOptions {
  /** Package name to tarball path: installed, and forced (npm `overrides`) for every dependent. */
  readonly tarballs: Readonly<Record<string, string>>;
  /** Registry dependencies besides the tarballs: name to exact version. */
  readonly registryDependencies?: Readonly<Record<string, string>>;
  /** Time limit of `npm install` in milliseconds (default 240,000). */
  readonly installTimeoutMs?: number;
}

/** An installed temporary project. */
export interface TemporaryProject {
  /** Its folder, in the system's temporary directory. */
  readonly directory: string;
  /** Removes the folder. */
  remove(): Promise<void>;
}

/**
 * Creates a project in `os.tmpdir()` whose dependencies are the tarballs (as `file:`
 * specifiers, also set as `overrides` so a dependency between packed packages resolves to the
 * tarball, never to the registry) and runs `npm install`. The tarballs' own third-party
 * dependencies come from the npm registry (or npm's cache).
 */
export async function createTemporaryProject(
  options: TemporaryProjectOptions,
): Promise<TemporaryProject> {
  const directory = await mkdtemp(join(tmpdir(), 'x-packaging-'));
  const remove = () => rm(directory, { recursive: true, force: true });
  try {
    const packed = Object.fromEntries(
      Object.entries(options.tarballs).map(([name, tarball]) => [name, `file:${tarball}`]),
    );
    const manifest = {
      name: 'x-packaging-check',
      version: '0.0.0',
      private: true,
      type: 'module',
      dependencies: { ...packed, ...options.registryDependencies },
      overrides: packed,
    };
    await writeFile(join(directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await runCommandOrThrow(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      { cwd: directory, timeoutMs: options.installTimeoutMs ?? 240_000 },
    );
    return { directory, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The `resolved` field of every installed `@x/*` package of the project's lockfile, by path. */
export async function resolvedWorkspacePackages(
  directory: string,
): Promise<Record<string, string | undefined>> {
  const lock = JSON.parse(await readFile(join(directory, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { resolved?: string }>;
  };
  return Object.fromEntries(
    Object.entries(lock.packages)
      .filter(([path]) => /(^|\/)node_modules\/@x\/[^/]+$/.test(path))
      .map(([path, entry]) => [path, entry.resolved]),
  );
}

/**
 * Transpiles a TypeScript module to JavaScript that Node runs as ESM (types erased only; the
 * type check is a separate `tsc` run).
 */
export function transpileModule(source: string): string {
  return ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
    },
  }).outputText;
}

/** The compiler options a consumer on Node 20 uses: strict, NodeNext, the workspace's flags. */
export const CONSUMER_COMPILER_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2023'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  skipLibCheck: true,
  noEmit: true,
  types: ['node'],
} as const;
