import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCache } from '@x/context-cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Connected,
  callText,
  connectHttp,
  connectStdio,
  type HttpServer,
  removeFolder,
  runCli,
  SAMPLE_SOURCES,
  startHttp,
  temporaryFolder,
  writeFiles,
} from './helpers.js';

let folder: string;
let root: string;
let stdio: Connected;
let httpServer: HttpServer;
let http: Connected;

beforeAll(async () => {
  folder = await temporaryFolder('serve');
  root = join(folder, 'root');
  await writeFiles(join(folder, 'sources'), SAMPLE_SOURCES);
  await buildCache({ sources: join(folder, 'sources'), cache: join(root, 'sample') });
  await mkdir(join(root, 'no-manifest'));
  [stdio, httpServer] = await Promise.all([
    connectStdio(['--root', root]),
    startHttp(['--root', root]),
  ]);
  http = await connectHttp(httpServer);
});

afterAll(async () => {
  await stdio?.close();
  await http?.close();
  await httpServer?.stop();
  await removeFolder(folder);
});

/** Each row: the resolve arguments, as CLI flags and as tool arguments (ties, bm25, an error object). */
const RESOLVE_CASES: readonly { flags: string[]; args: Record<string, unknown> }[] = [
  {
    flags: ['--query', 'CACHE  budget', '--budget', '20'],
    args: { query: 'CACHE  budget', budget: 20 },
  },
  { flags: ['--query', '', '--budget', '1000'], args: { query: '', budget: 1000 } },
  {
    flags: ['--query', 'cache word', '--budget', '600', '--strategy', 'bm25'],
    args: { query: 'cache word', budget: 600, strategy: 'bm25' },
  },
  { flags: ['--query', 'cache', '--budget=1.5'], args: { query: 'cache', budget: 1.5 } },
];

describe.concurrent('x-context-cache serve', () => {
  it.each(RESOLVE_CASES)(
    'answers context.resolve over stdio and HTTP with the bytes of the CLI ($flags)',
    async ({ flags, args }) => {
      const cli = await runCli(['resolve', '--root', root, '--cache', 'sample', ...flags]);
      const overStdio = await callText(stdio.client, 'context.resolve', {
        cache: 'sample',
        ...args,
      });
      const overHttp = await callText(http.client, 'context.resolve', { cache: 'sample', ...args });
      expect(cli.stdout.length).toBeGreaterThan(0);
      expect(overStdio).toEqual({ text: cli.stdout, isError: cli.exitCode === 1 });
      expect(overHttp).toEqual(overStdio);
    },
  );

  it('resolves a cache given as a folder with the bytes of the same cache given by name', async () => {
    const flags = ['--query', 'cache', '--budget', '20'];
    const [byName, byPath] = await Promise.all([
      runCli(['resolve', '--root', root, '--cache', 'sample', ...flags]),
      runCli(['resolve', '--cache', join(root, 'sample'), ...flags]),
    ]);
    expect(byPath).toEqual(byName);
  });

  it('answers list and inspect with the bytes of the CLI', async () => {
    const [list, inspect] = await Promise.all([
      runCli(['list', '--root', root]),
      runCli(['inspect', '--root', root, '--cache', 'sample']),
    ]);
    for (const connected of [stdio, http]) {
      expect((await callText(connected.client, 'context.list_caches', {})).text).toBe(list.stdout);
      expect(
        (await callText(connected.client, 'context.inspect_cache', { cache: 'sample' })).text,
      ).toBe(inspect.stdout);
    }
  });

  it('serves the repository READMEs when no --root is given', async () => {
    const served = await connectStdio([]);
    try {
      expect((await callText(served.client, 'context.list_caches', {})).text).toBe(
        '{"caches":[{"path":"repo-docs","has_manifest":true}]}\n',
      );
      const answer = await callText(served.client, 'context.resolve', {
        cache: 'repo-docs',
        query: 'conformance',
        budget: 100_000,
      });
      const ids = JSON.parse(answer.text).documents.map((document: { id: string }) => document.id);
      expect(ids).toEqual(expect.arrayContaining(['readme.md', 'conformance/readme.md']));
    } finally {
      await served.close();
    }
  });

  it('exits 1 with one line when --root is not a folder', async () => {
    const run = await runCli(['serve', '--root', join(folder, 'nowhere')]);
    expect(run).toEqual({
      stdout: '',
      stderr: `x-context-cache: --root ${join(folder, 'nowhere')} is not a folder\n`,
      exitCode: 1,
    });
  });
});
