import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchBenchmark } from '../../src/benchmarks/search/index.js';

let dataFolder: string;
const notes: string[] = [];

function write(path: string, text: string): void {
  mkdirSync(join(dataFolder, path, '..'), { recursive: true });
  writeFileSync(join(dataFolder, path), text);
}

beforeEach(() => {
  dataFolder = mkdtempSync(join(tmpdir(), 'bench-search-'));
  notes.length = 0;
  const abstracts = [
    {
      _id: 'd1',
      title: 'Vitamin D and bone density',
      text: 'Vitamin D supplements raise bone density.',
    },
    { _id: 'd2', title: 'Sleep and memory', text: 'Sleep consolidates memory in adults.' },
    { _id: 'd3', title: 'Coffee', text: 'Coffee intake and heart rate.' },
  ];
  write('docs/scifact/corpus.jsonl', abstracts.map((line) => JSON.stringify(line)).join('\n'));
  write('docs/scifact/queries_train.jsonl', '{"_id":"q1","text":"Does sleep help memory?"}\n');
  write('docs/scifact/qrels_train.tsv', 'query-id\tcorpus-id\tscore\nq1\td2\t1\n');
  const tools = [
    {
      server: 'weather',
      name: 'getForecast',
      description: 'Weather forecast for a city',
      inputSchema: { properties: { city: {} } },
    },
    {
      server: 'files',
      name: 'read_file',
      description: 'Read a file',
      inputSchema: { properties: { path: {} } },
    },
  ];
  write('tools/seal-tools/catalog.json', JSON.stringify(tools));
  write(
    'tools/seal-tools/queries_dev.json',
    JSON.stringify([{ id: 'q1', query: 'forecast in Paris', relevant: ['getForecast'] }]),
  );
});
afterEach(() => {
  rmSync(dataFolder, { recursive: true, force: true });
});

function context(split?: string) {
  return {
    dataFolder,
    split,
    mode: 'standard' as const,
    repositoryRoot: dataFolder,
    note: (line: string) => {
      notes.push(line);
    },
  };
}

describe('searchBenchmark', () => {
  it('ranks both data sets with every ranker and records figures', async () => {
    const report = await searchBenchmark.run(context());
    const tasks = report.result.tasks as {
      dataset: string;
      split: string;
      rankers: { ranker: string; quality: Record<string, number> }[];
    }[];
    expect(tasks.map((task) => [task.dataset, task.split])).toEqual([
      ['scifact', 'train'],
      ['seal-tools', 'dev'],
    ]);
    const core = tasks.map((task) => task.rankers.find((ranker) => ranker.ranker === 'core-bm25f'));
    expect(core[0]?.quality['ndcg@10']).toBe(1);
    expect(core[1]?.quality).toMatchObject({ 'recall@1': 1, mrr: 1 });
    expect(report.text).toContain('minisearch-default');
    expect(report.chart).toContain('<svg');
  });

  it('skips a data set without the asked split and says so', async () => {
    const report = await searchBenchmark.run(context('dev'));
    expect(report.result.skipped).toEqual([
      { dataset: 'scifact', split: 'dev', available: ['train'] },
    ]);
    expect(notes.join('\n')).toContain('skipping scifact');
  });

  it('fails with NO_DATA when no data set has the split', async () => {
    await expect(searchBenchmark.run(context('nope'))).rejects.toMatchObject({ code: 'NO_DATA' });
  });
});
