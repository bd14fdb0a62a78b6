import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadBeirDataset, parseQrels } from '../../src/datasets/beir.js';
import { loadToolCatalog, loadToolQueries } from '../../src/datasets/tool-catalog.js';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'bench-datasets-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

function write(name: string, text: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), text);
}

describe('loadBeirDataset', () => {
  beforeEach(() => {
    write('corpus.jsonl', '{"_id":"d1","title":"T","text":"one"}\n{"_id":"d2","text":"two"}\n');
    write('queries_train.jsonl', '{"_id":"q1","text":"first"}\n{"_id":"q2","text":"unjudged"}\n');
    write('qrels_train.tsv', 'query-id\tcorpus-id\tscore\nq1\td2\t1\n');
    write('queries.jsonl', '{"_id":"q9","text":"held out"}\n');
    write('qrels.tsv', 'q9\td1\t2\n');
  });

  it('reads a split and keeps only the queries that have judgements', () => {
    const dataset = loadBeirDataset(folder, 'train');
    expect(dataset.corpus).toEqual([
      { _id: 'd1', title: 'T', text: 'one' },
      { _id: 'd2', title: '', text: 'two' },
    ]);
    expect(dataset.queries).toEqual([{ _id: 'q1', text: 'first' }]);
    expect(dataset.qrels.get('q1')?.get('d2')).toBe(1);
  });

  it('reads unsuffixed files as the test split', () => {
    const dataset = loadBeirDataset(folder, 'test');
    expect(dataset.queries.map((query) => query._id)).toEqual(['q9']);
    expect(dataset.qrels.get('q9')?.get('d1')).toBe(2);
  });

  it('names the splits that exist when the asked one does not', () => {
    expect(() => loadBeirDataset(folder, 'dev')).toThrow(
      /no split "dev".*splits there: test, train/,
    );
  });

  it('names the file and line of a malformed line', () => {
    write('corpus.jsonl', '{"_id":"d1","text":"one"}\n{"_id":5}\n');
    expect(() => loadBeirDataset(folder, 'train')).toThrow(
      expect.objectContaining({
        code: 'BAD_DATA',
        message: expect.stringContaining('corpus.jsonl:2'),
      }),
    );
  });
});

describe('parseQrels', () => {
  it('accepts the TREC four-column form and rejects a malformed line', () => {
    expect(parseQrels('q1 0 d1 3\n', 'qrels').get('q1')?.get('d1')).toBe(3);
    expect(() => parseQrels('q1\td1\t1\nq2\td2\n', 'qrels')).toThrow(/line 2/);
  });
});

describe('tool catalogs', () => {
  it('reads a catalog and the labeled queries of a split', () => {
    write('catalog.json', JSON.stringify([{ server: 's', name: 'read_file', inputSchema: {} }]));
    write(
      'queries_dev.json',
      JSON.stringify([{ id: 'q1', query: 'read', relevant: ['read_file'] }]),
    );
    expect(loadToolCatalog(folder)).toEqual([
      { server: 's', name: 'read_file', description: '', inputSchema: {} },
    ]);
    expect(loadToolQueries(folder, 'dev')[0]?.relevant).toEqual(['read_file']);
  });

  it('rejects a query without relevant tools with BAD_DATA', () => {
    write('queries.json', JSON.stringify([{ id: 'q1', query: 'read', relevant: [] }]));
    expect(() => loadToolQueries(folder, 'test')).toThrow(
      expect.objectContaining({ code: 'BAD_DATA' }),
    );
  });
});
