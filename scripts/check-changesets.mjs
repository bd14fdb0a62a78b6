#!/usr/bin/env node
// @ts-check
/**
 * Fails when a public package changed without a changeset.
 *
 * Usage: `node scripts/check-changesets.mjs [--base REF]` (or `pnpm check:changesets`).
 *
 * The range: from the merge base of REF and HEAD to the working tree (commits, staged and
 * unstaged edits, untracked files). REF is `--base`, else `$CHANGESET_BASE`, else the last
 * release: the newest commit that deleted a changeset (what `changeset version` does), or the
 * repository's first commit when nothing was released yet. So by default every public package
 * changed since the last release needs a pending changeset, however many commits CI is given;
 * on a branch, pass `--base origin/main` to check only the branch.
 *
 * A public (not `private`) workspace package counts as changed when a file in its folder
 * changed, except: `*.md` (README, CHANGELOG), `test/`, `tests/`, `examples/`,
 * `vitest.config.ts`, `typedoc.json`, `tsconfig.json` (typecheck only), and `package.json`
 * edits limited to `version`, `scripts` and `devDependencies`. It is covered when a changeset
 * (`.changeset/*.md`) added or edited in the range names it in its front matter.
 *
 * Exit status: 0 covered, 1 a package lacks a changeset, 2 usage or git errors.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** @param {string[]} args */
function git(args) {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** @param {string} ref @returns {string | undefined} */
function commitOf(ref) {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).trim();
  } catch {
    return undefined;
  }
}

/** @param {string[]} argv */
function baseRef(argv) {
  const index = argv.indexOf('--base');
  if (index !== -1) {
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) {
      throw new UsageError('--base needs a git ref');
    }
    return { ref: value, explicit: true };
  }
  const fromEnvironment = process.env.CHANGESET_BASE;
  if (fromEnvironment !== undefined && fromEnvironment !== '') {
    return { ref: fromEnvironment, explicit: true };
  }
  return { ref: lastRelease(), explicit: false };
}

/**
 * The newest release: a commit that deleted changesets and wrote a `CHANGELOG.md` (what
 * `changeset version` does; a commit that only moves a note from one changeset to another is
 * no release), else the first commit of the history HEAD has (the root, or the oldest commit of
 * a shallow clone).
 */
function lastRelease() {
  const deleting = git(['log', '--diff-filter=D', '--format=%H', 'HEAD', '--', '.changeset/*.md'])
    .split('\n')
    .filter((commit) => commit !== '');
  for (const commit of deleting) {
    const touched = git(['show', '--name-only', '--format=', commit]).split('\n');
    if (touched.some((path) => /(^|\/)CHANGELOG\.md$/.test(path))) return commit;
  }
  const roots = git(['rev-list', '--max-parents=0', 'HEAD']).trim().split('\n');
  return roots.at(-1) ?? 'HEAD';
}

class UsageError extends Error {}

/** @param {string} output */
function splitNul(output) {
  return output.split('\0').filter((item) => item !== '');
}

/** @typedef {{ name: string, path: string }} PublicPackage */

/** @param {string} root @returns {PublicPackage[]} */
function publicPackages(root) {
  const listed = JSON.parse(
    execFileSync('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' }),
  );
  /** @type {PublicPackage[]} */
  const result = [];
  for (const item of listed) {
    const path = relative(root, item.path).split('\\').join('/');
    if (path !== '' && item.private !== true) {
      result.push({ name: item.name, path });
    }
  }
  return result;
}

const EXEMPT_FILE =
  /(^|\/)[^/]*\.md$|^(test|tests|examples)\/|^(vitest\.config\.ts|typedoc\.json|tsconfig\.json)$/i;
const IGNORED_MANIFEST_FIELDS = ['version', 'scripts', 'devDependencies'];

/** @param {string} text */
function publishedManifest(text) {
  const manifest = JSON.parse(text);
  for (const field of IGNORED_MANIFEST_FIELDS) {
    delete manifest[field];
  }
  return JSON.stringify(manifest);
}

/** @param {string} base @param {string} root @param {string} file */
function manifestChanged(base, root, file) {
  let before;
  try {
    before = git(['show', `${base}:${file}`]);
  } catch {
    return true;
  }
  const path = join(root, file);
  return (
    !existsSync(path) || publishedManifest(before) !== publishedManifest(readFileSync(path, 'utf8'))
  );
}

/** The package names a changeset's front matter lists. @param {string} text */
function changesetPackages(text) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (match === null || match[1] === undefined) {
    return [];
  }
  return match[1]
    .split(/\r?\n/)
    .map((line) => /^\s*["']?([^"':\s][^"':]*)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line))
    .flatMap((found) => (found?.[1] === undefined ? [] : [found[1]]));
}

function main() {
  const root = git(['rev-parse', '--show-toplevel']).trim();
  process.chdir(root);
  const { ref, explicit } = baseRef(process.argv.slice(2));
  const target = commitOf(ref);
  if (target === undefined) {
    if (explicit) {
      throw new UsageError(`${ref} is not a commit`);
    }
    process.stdout.write(`check-changesets: no ${ref} to compare with; nothing to check\n`);
    return 0;
  }
  const base = git(['merge-base', target, 'HEAD']).trim();
  const changed = [
    ...splitNul(git(['diff', '--name-only', '-z', base])),
    ...splitNul(git(['ls-files', '--others', '--exclude-standard', '-z'])),
  ];
  const packages = publicPackages(root).sort((left, right) => right.path.length - left.path.length);

  /** @type {Map<string, string[]>} */
  const changedPackages = new Map();
  const covered = new Set();
  for (const file of changed) {
    if (file.startsWith('.changeset/') && file.endsWith('.md') && !file.endsWith('README.md')) {
      if (existsSync(join(root, file))) {
        for (const name of changesetPackages(readFileSync(join(root, file), 'utf8'))) {
          covered.add(name);
        }
      }
      continue;
    }
    const owner = packages.find((item) => file.startsWith(`${item.path}/`));
    if (owner === undefined) {
      continue;
    }
    const inside = file.slice(owner.path.length + 1);
    if (EXEMPT_FILE.test(inside)) {
      continue;
    }
    if (inside === 'package.json' && !manifestChanged(base, root, file)) {
      continue;
    }
    changedPackages.set(owner.name, [...(changedPackages.get(owner.name) ?? []), inside]);
  }

  const missing = [...changedPackages.keys()].filter((name) => !covered.has(name)).sort();
  const range = `${base.slice(0, 12)} (merge base with ${ref})..working tree`;
  if (missing.length === 0) {
    const names = [...changedPackages.keys()].sort();
    process.stdout.write(
      `check-changesets: ${range}: ${names.length === 0 ? 'no public package changed' : `every changed package has a changeset (${names.join(', ')})`}\n`,
    );
    return 0;
  }
  process.stderr.write(`check-changesets: ${range}: changed without a changeset:\n`);
  for (const name of missing) {
    const files = changedPackages.get(name) ?? [];
    process.stderr.write(
      `  ${name}: ${files.slice(0, 5).join(', ')}${files.length > 5 ? ', ...' : ''}\n`,
    );
  }
  process.stderr.write('Add one with `pnpm changeset` (see CONTRIBUTING.md).\n');
  return 1;
}

try {
  process.exitCode = main();
} catch (error) {
  process.stderr.write(
    `check-changesets: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 2;
}
