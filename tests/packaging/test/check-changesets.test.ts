import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CommandResult, runCommand, runCommandOrThrow } from '../src/run-command.js';
import { WORKSPACE_ROOT } from '../src/workspace.js';
import { commitAll as commitInRepository } from './commit-all.js';

const script = join(WORKSPACE_ROOT, 'scripts', 'check-changesets.mjs');
let repository: string;

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(repository, path)), { recursive: true });
  await writeFile(join(repository, path), text);
}

function manifest(fields: Record<string, unknown>): string {
  return `${JSON.stringify(fields, null, 2)}\n`;
}

async function git(...args: string[]): Promise<void> {
  await runCommandOrThrow('git', args, { cwd: repository });
}

function check(...args: string[]): Promise<CommandResult> {
  return runCommand('node', [script, ...args], { cwd: repository });
}

/** Stages everything and commits it as `message`. */
function commitAll(message: string): Promise<void> {
  return commitInRepository(repository, message);
}

/** Runs the check with its default base: the last release, found in the history. */
function checkSinceRelease(): Promise<CommandResult> {
  return runCommand('node', [script], {
    cwd: repository,
    env: { ...process.env, CHANGESET_BASE: '' },
  });
}

beforeEach(async () => {
  repository = await mkdtemp(join(tmpdir(), 'x-check-changesets-'));
  await write('package.json', manifest({ name: 'root', private: true }));
  await write('pnpm-workspace.yaml', 'packages:\n  - packages/*\n');
  await write('.changeset/config.json', '{}\n');
  await write(
    'packages/lib/package.json',
    manifest({ name: '@t/lib', version: '1.0.0', dependencies: { a: '1.0.0' } }),
  );
  await write('packages/lib/src/index.js', 'export const one = 1;\n');
  await write('packages/app/package.json', manifest({ name: '@t/app', private: true }));
  await write('packages/app/src/cli.js', 'console.log(1);\n');
  await git('init', '--quiet');
  await commitAll('one');
});

afterEach(async () => {
  await rm(repository, { recursive: true, force: true });
});

describe('scripts/check-changesets.mjs', () => {
  it('fails when a public package source changed without a changeset, naming the package', async () => {
    await write('packages/lib/src/index.js', 'export const one = 2;\n');
    const result = await check('--base', 'HEAD');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('@t/lib: src/index.js');
  });

  it('passes when a changeset added in the range names the package', async () => {
    await write('packages/lib/src/index.js', 'export const one = 2;\n');
    await write('.changeset/fix-one.md', '---\n"@t/lib": patch\n---\n\nOne is two.\n');
    const result = await check('--base', 'HEAD');
    expect(result.stdout).toContain('every changed package has a changeset (@t/lib)');
    expect(result.exitCode).toBe(0);
  });

  it('does not count READMEs, tests, examples, private packages or devDependencies', async () => {
    await write('packages/lib/README.md', '# lib\n');
    await write('packages/lib/test/index.test.js', 'test\n');
    await write('packages/lib/examples/quickstart.ts', 'example\n');
    await write('packages/app/src/cli.js', 'console.log(2);\n');
    await write(
      'packages/lib/package.json',
      manifest({
        name: '@t/lib',
        version: '1.0.1',
        dependencies: { a: '1.0.0' },
        devDependencies: { b: '1.0.0' },
      }),
    );
    const result = await check('--base', 'HEAD');
    expect(result.stdout).toContain('no public package changed');
    expect(result.exitCode).toBe(0);
  });

  it('counts a change of dependencies in package.json', async () => {
    await write(
      'packages/lib/package.json',
      manifest({ name: '@t/lib', version: '1.0.0', dependencies: { a: '2.0.0' } }),
    );
    const result = await check('--base', 'HEAD');
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('@t/lib: package.json');
  });

  it('checks everything since the first commit when nothing was released yet', async () => {
    await write('packages/lib/src/index.js', 'export const one = 2;\n');
    const result = await checkSinceRelease();
    expect(result.stderr).toContain('@t/lib: src/index.js');
    expect(result.exitCode).toBe(1);
  });

  it('counts only what changed since the last release (the commit that consumed changesets)', async () => {
    await write('packages/lib/src/index.js', 'export const one = 2;\n');
    await write('.changeset/lib-two.md', '---\n"@t/lib": minor\n---\n\nTwo.\n');
    await commitAll('lib two');
    await rm(join(repository, '.changeset', 'lib-two.md'));
    await write('packages/lib/CHANGELOG.md', '# @t/lib\n\n## 0.2.0\n\n- Two.\n');
    await commitAll('release');
    const released = await checkSinceRelease();
    expect(released.stdout).toContain('no public package changed');
    expect(released.exitCode).toBe(0);
    await write('packages/lib/src/index.js', 'export const one = 3;\n');
    const changed = await checkSinceRelease();
    expect(changed.stderr).toContain('@t/lib: src/index.js');
    expect(changed.exitCode).toBe(1);
  });

  it('takes a commit that deletes a changeset without writing a changelog for no release', async () => {
    await write('packages/lib/src/index.js', 'export const one = 2;\n');
    await write('.changeset/lib-two.md', '---\n"@t/lib": minor\n---\n\nTwo.\n');
    await commitAll('lib two');
    await rm(join(repository, '.changeset', 'lib-two.md'));
    await commitAll('drop the note');
    const result = await checkSinceRelease();
    expect(result.stderr).toContain('@t/lib: src/index.js');
    expect(result.exitCode).toBe(1);
  });

  it('exits with 2 for a base that is not a commit', async () => {
    const result = await check('--base', 'no-such-ref');
    expect(result.stderr).toContain('no-such-ref is not a commit');
    expect(result.exitCode).toBe(2);
  });
});
