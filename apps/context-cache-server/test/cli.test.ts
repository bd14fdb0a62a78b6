import { createHash } from 'node:crypto';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeFolder, runCli, SAMPLE_SOURCES, temporaryFolder, writeFiles } from './helpers.js';

let folder: string;
let sources: string;
let root: string;
let cache: string;

beforeAll(async () => {
  folder = await temporaryFolder('cli');
  sources = join(folder, 'sources');
  root = join(folder, 'root');
  cache = join(root, 'sample');
  await writeFiles(sources, SAMPLE_SOURCES);
});

afterAll(() => removeFolder(folder));

function version(content: string): string {
  return `sha256:${createHash('sha256').update(content, 'utf8').digest('hex')}`;
}

/** The v0 answer for `cache` within 20 tokens, worked out by hand from SAMPLE_SOURCES. */
function expectedResolveText(): string {
  const rows: [string, string, string, number, number, number][] = [
    ['notes/zeta.md', 'notes/Zeta.md', '0.75', 6, 3, 4],
    ['alpha.md', 'alpha.md', '0.5', 4, 1, 2],
    ['gamma.md', 'gamma.md', '0.5', 4, 1, 2],
    ['beta.md', 'beta.md', '0.25', 5, 1, 4],
  ];
  const documents = rows.map(([id, source, score, tokens, matches, words]) => {
    const content = SAMPLE_SOURCES[source] as string;
    return `{"id":"${id}","version":"${version(content)}","content":${JSON.stringify(content)},"score":${score},"tokens":${tokens},"why":{"query_terms":["cache"],"term_matches":${matches},"total_words":${words}}}`;
  });
  return `{"documents":[${documents.join(',')}],"selection":{"query":"cache","budget":20,"tokens_used":19,"documents_considered":6,"documents_selected":4,"documents_excluded_by_budget":2}}\n`;
}

describe('x-context-cache build', () => {
  it('builds a cache, prints its version, and shows no progress when stderr is not a terminal', async () => {
    const run = await runCli(['build', '--sources', sources, '--cache', cache]);
    expect(run).toMatchObject({ exitCode: 0, stderr: '' });
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ path: cache, document_count: 6 });
    expect(summary.cache_version).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('refuses to overwrite without --force and replaces with it, keeping the cache version', async () => {
    const before = JSON.parse(await readFile(join(cache, 'manifest.json'), 'utf8')).cache_version;
    const refused = await runCli(['build', '--sources', sources, '--cache', cache]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/already exists/);
    const forced = await runCli(['build', '--sources', sources, '--cache', cache, '--force']);
    expect(forced.exitCode).toBe(0);
    expect(JSON.parse(forced.stdout).cache_version).toBe(before);
  });
});

describe.concurrent('x-context-cache on a built cache', () => {
  it('verifies a sound cache (exit 0) and reports a tampered one (exit 1)', async () => {
    const sound = await runCli(['verify', '--cache', cache]);
    expect(sound.exitCode).toBe(0);
    expect(JSON.parse(sound.stdout).valid).toBe(true);
    const tampered = join(folder, 'tampered');
    await cp(cache, tampered, { recursive: true });
    const [file] = await readdir(join(tampered, 'documents'));
    const path = join(tampered, 'documents', file as string);
    await writeFile(path, (await readFile(path, 'utf8')).replace('"content":"', '"content":"x'));
    const report = await runCli(['verify', '--cache', tampered]);
    expect(report.exitCode).toBe(1);
    const checks = JSON.parse(report.stdout).checks;
    expect(checks.find((check: { name: string }) => check.name === 'document_hashes').status).toBe(
      'fail',
    );
  });

  it('verifies, inspects and resolves a cache whose index.json is any JSON object alike', async () => {
    const wrapped = join(folder, 'wrapped');
    await cp(cache, wrapped, { recursive: true });
    const index = await readFile(join(wrapped, 'index.json'), 'utf8');
    await writeFile(join(wrapped, 'index.json'), `{"entries": ${index}}`);
    const verified = await runCli(['verify', '--cache', wrapped]);
    expect(verified.exitCode).toBe(0);
    expect(JSON.parse(verified.stdout).valid).toBe(true);
    await writeFile(join(wrapped, 'index.json'), '{"something": "else"}');
    const warned = await runCli(['verify', '--cache', wrapped]);
    expect(warned.exitCode).toBe(0);
    const checks: { name: string; status: string }[] = JSON.parse(warned.stdout).checks;
    expect(checks.find((check) => check.name === 'index')?.status).toBe('warn');
    const inspected = await runCli(['inspect', '--cache', wrapped]);
    expect(JSON.parse(inspected.stdout).valid).toBe(true);
    const resolved = await runCli([
      'resolve',
      '--cache',
      wrapped,
      '--query',
      'cache',
      '--budget',
      '20',
    ]);
    expect(resolved).toMatchObject({ exitCode: 0, stdout: expectedResolveText() });
  });

  it('refuses a document over --max-file-bytes without reading it', async () => {
    // The manifest is about 1.3 kB, delta.md's document about 2.5 kB.
    const verified = await runCli(['verify', '--cache', cache, '--max-file-bytes', '2048']);
    expect(verified.exitCode).toBe(1);
    const checks: { name: string; status: string; problems: string[] }[] = JSON.parse(
      verified.stdout,
    ).checks;
    const files = checks.find((check) => check.name === 'document_files');
    expect(files?.status).toBe('fail');
    expect(files?.problems.join('\n')).toContain('(delta.md) is larger than 2048 bytes');
    const resolved = await runCli([
      'resolve',
      '--cache',
      cache,
      '--query',
      'cache',
      '--budget',
      '20',
      '--max-file-bytes',
      '2048',
    ]);
    expect(resolved).toMatchObject({
      exitCode: 1,
      stdout: '{"error":{"code":"cache_invalid","message":"Cache exists but is invalid"}}\n',
    });
  });

  it('inspects by folder and by root and name with the same bytes', async () => {
    const byPath = await runCli(['inspect', '--cache', cache]);
    const byName = await runCli(['inspect', '--root', root, '--cache', 'sample']);
    expect(byPath.exitCode).toBe(0);
    expect(byPath.stdout).toMatch(/^\{"cache_version":"sha256:[0-9a-f]{64}","document_count":6,/);
    expect(byName.stdout).toBe(byPath.stdout);
  });

  it('lists the caches of a root', async () => {
    expect((await runCli(['list', '--root', root])).stdout).toBe(
      '{"caches":[{"path":"sample","has_manifest":true}]}\n',
    );
  });

  it('resolves exactly the v0 answer worked out by hand', async () => {
    const run = await runCli(['resolve', '--cache', cache, '--query', 'cache', '--budget', '20']);
    expect(run).toEqual({ stdout: expectedResolveText(), stderr: '', exitCode: 0 });
  });

  it('prints error objects on stdout and exits 1', async () => {
    const missing = await runCli([
      'resolve',
      '--root',
      root,
      '--cache',
      '../sources',
      '--query',
      'a',
      '--budget',
      '1',
    ]);
    expect(missing).toEqual({
      stdout: '{"error":{"code":"cache_missing","message":"Cache does not exist"}}\n',
      stderr: '',
      exitCode: 1,
    });
    const budget = await runCli(['resolve', '--cache', cache, '--query', 'a', '--budget=-1']);
    expect(budget.stdout).toBe(
      '{"error":{"code":"invalid_budget","message":"Budget is invalid"}}\n',
    );
    expect(budget.exitCode).toBe(1);
  });

  it.each([[[]], [['serve', '--default-strategy', 'magic']]])(
    'exits 2 with the usage for %j',
    async (args) => {
      const run = await runCli(args);
      expect(run.exitCode).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^x-context-cache: .+\n\nUsage:/);
    },
  );

  it('prints the usage with --help', async () => {
    expect(await runCli(['--help'])).toMatchObject({
      exitCode: 0,
      stdout: expect.stringMatching(/^Usage:/),
    });
  });
});
