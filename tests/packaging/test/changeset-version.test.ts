import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand, runCommandOrThrow } from '../src/run-command.js';
import {
  listWorkspacePackages,
  type PackageManifest,
  WORKSPACE_ROOT,
  type WorkspacePackage,
} from '../src/workspace.js';
import { commitAll } from './commit-all.js';

// `changeset version` rewrites manifests and deletes changesets, so it runs on a copy of the
// workspace's manifests and changesets in a temporary git repository, never on the tree.
let copy: string;
let packages: WorkspacePackage[];
let result: { exitCode: number | null; stdout: string; stderr: string };

async function copyFromWorkspace(path: string): Promise<void> {
  await mkdir(dirname(join(copy, path)), { recursive: true });
  await copyFile(join(WORKSPACE_ROOT, path), join(copy, path));
}

async function readManifest(root: string, path: string): Promise<PackageManifest> {
  return JSON.parse(await readFile(join(root, path, 'package.json'), 'utf8')) as PackageManifest;
}

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'x-changeset-version-'));
  packages = await listWorkspacePackages();
  await copyFromWorkspace('package.json');
  await copyFromWorkspace('pnpm-workspace.yaml');
  for (const file of await readdir(join(WORKSPACE_ROOT, '.changeset'))) {
    await copyFromWorkspace(join('.changeset', file));
  }
  for (const item of packages) {
    await copyFromWorkspace(join(item.path, 'package.json'));
  }
  const git = (...args: string[]) => runCommandOrThrow('git', args, { cwd: copy });
  await git('init', '--quiet');
  await commitAll(copy, 'copy');
  const changeset = join(WORKSPACE_ROOT, 'node_modules', '.bin', 'changeset');
  result = await runCommand(changeset, ['version'], { cwd: copy, timeoutMs: 60_000 });
});

afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

describe('pnpm changeset version', () => {
  it('consumes every pending changeset', async () => {
    expect(result.exitCode, result.stderr).toBe(0);
    const left = (await readdir(join(copy, '.changeset'))).filter(
      (file) => file.endsWith('.md') && file !== 'README.md',
    );
    expect(left).toEqual([]);
  });

  it('never versions a private package', async () => {
    for (const item of packages.filter((entry) => entry.manifest.private === true)) {
      expect((await readManifest(copy, item.path)).version, item.path).toBe(item.manifest.version);
    }
  });

  it('keeps workspace: and catalog: specifiers for pnpm publish to rewrite', async () => {
    for (const item of packages) {
      expect((await readManifest(copy, item.path)).dependencies, item.path).toEqual(
        item.manifest.dependencies,
      );
    }
  });
});
