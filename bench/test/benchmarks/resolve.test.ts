import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentMarkdown, writeCorpusSources } from '../../src/benchmarks/resolve/corpus.js';
import { resolveBenchmark } from '../../src/benchmarks/resolve/index.js';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'bench-resolve-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

function writeSciFact(): void {
  const data = join(folder, 'docs', 'scifact');
  mkdirSync(data, { recursive: true });
  const corpus = [
    {
      _id: '11',
      title: 'Vitamin D and bone density',
      text: 'Vitamin D supplements raise bone density in older adults.',
    },
    {
      _id: '12',
      title: 'Sleep and memory',
      text: 'Sleep consolidates memory. Deep sleep matters most.',
    },
    { _id: '13', title: 'Coffee', text: 'Coffee intake and heart rate in healthy adults.' },
    { _id: '14', title: '', text: 'Exercise improves mood and sleep quality.' },
  ];
  writeFileSync(join(data, 'corpus.jsonl'), corpus.map((line) => JSON.stringify(line)).join('\n'));
  writeFileSync(
    join(data, 'queries_train.jsonl'),
    ['{"_id":"q1","text":"sleep memory"}', '{"_id":"q2","text":"vitamin bone density"}'].join('\n'),
  );
  writeFileSync(
    join(data, 'qrels_train.tsv'),
    'query-id\tcorpus-id\tscore\nq1\t12\t1\nq2\t11\t1\n',
  );
}

describe('resolveBenchmark', () => {
  it('builds a cache in a temporary folder and scores v0 and bm25 on the same queries', async () => {
    writeSciFact();
    const report = await resolveBenchmark.run({
      dataFolder: folder,
      split: undefined,
      mode: 'quick',
      repositoryRoot: folder,
      note: () => undefined,
    });
    const result = report.result as {
      queries: number;
      build: { documents: number; cacheFiles: number };
      strategies: {
        strategy: string;
        quality: Record<string, number>;
        budgets: { budget: number; relevantShare: number }[];
        resolveContextMs: { calls: number; firstMs: number };
        mcpStdioMs: { calls: number; firstMs: number; p50: number; loadAverage: unknown };
        selectAtBudgetMs: { p50: number };
        selectCpuMs: number;
      }[];
    };
    expect(result.queries).toBe(2);
    expect(result.build).toMatchObject({ documents: 4, cacheFiles: 6 });
    expect(result.strategies.map((entry) => entry.strategy)).toEqual(['v0', 'bm25']);
    const bm25 = result.strategies[1];
    expect(bm25?.quality).toEqual({ 'ndcg@10': 1, 'recall@100': 1 });
    expect(bm25?.budgets.map((entry) => entry.budget)).toEqual([500, 2000, 8000]);
    expect(bm25?.budgets.every((entry) => entry.relevantShare === 1)).toBe(true);
    // Two queries: the first call (which verifies and builds the index) is reported apart from
    // the other, in process and over stdio (whose answers the benchmark checks byte for byte).
    expect(bm25?.resolveContextMs.calls).toBe(1);
    expect(bm25?.resolveContextMs.firstMs).toBeGreaterThanOrEqual(0);
    expect(bm25?.mcpStdioMs.calls).toBe(1);
    expect(bm25?.mcpStdioMs.firstMs).toBeGreaterThan(0);
    expect(bm25?.mcpStdioMs.loadAverage).toMatchObject({ before: expect.any(Array) });
    expect(bm25?.selectAtBudgetMs.p50).toBeGreaterThanOrEqual(0);
    expect(bm25?.selectCpuMs).toBeGreaterThanOrEqual(0);
    expect(report.text).toContain('CPU ms');
    expect(report.text).toContain('bm25 / v0');
    expect(report.text).toContain('MCP stdio first');
    expect(report.chart).toContain('<svg');
    expect(report.extraCharts?.latency).toContain('<svg');
  });

  it('fails with NO_DATA without the SciFact folder', async () => {
    await expect(
      resolveBenchmark.run({
        dataFolder: folder,
        split: undefined,
        mode: 'quick',
        repositoryRoot: folder,
        note: () => undefined,
      }),
    ).rejects.toMatchObject({ code: 'NO_DATA' });
  });
});

describe('corpus sources', () => {
  it('writes the title as a level-1 heading, and no heading without a title', () => {
    expect(documentMarkdown({ _id: '1', title: 'T', text: 'Body.' })).toBe('# T\n\nBody.\n');
    expect(documentMarkdown({ _id: '1', title: ' ', text: 'Body.' })).toBe('Body.\n');
  });

  it('maps cache document ids back to corpus ids and refuses ids that are no file names', async () => {
    const ids = await writeCorpusSources([{ _id: 'Ab1', title: '', text: 'x' }], folder);
    expect([...ids]).toEqual([['ab1.md', 'Ab1']]);
    await expect(
      writeCorpusSources([{ _id: '../up', title: '', text: 'x' }], folder),
    ).rejects.toMatchObject({ code: 'BAD_DATA' });
    await expect(
      writeCorpusSources(
        [
          { _id: 'a', title: '', text: 'x' },
          { _id: 'A', title: '', text: 'y' },
        ],
        folder,
      ),
    ).rejects.toMatchObject({ code: 'BAD_DATA' });
  });
});
