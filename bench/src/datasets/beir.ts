import { join } from 'node:path';
import { z } from 'zod';
import { BenchError } from '../errors.js';
import { readJsonLines, readText } from './read.js';
import { splitFile } from './splits.js';

/** One line of a BEIR `corpus.jsonl`. */
export const BeirDocumentSchema = z.object({
  _id: z.string(),
  title: z.string().default(''),
  text: z.string(),
});
/** A BEIR corpus document. */
export type BeirDocument = z.infer<typeof BeirDocumentSchema>;

/** One line of a BEIR `queries*.jsonl`. */
export const BeirQuerySchema = z.object({ _id: z.string(), text: z.string() });
/** A BEIR query. */
export type BeirQuery = z.infer<typeof BeirQuerySchema>;

/** Graded judgements: query id -> document id -> grade (`> 0` is relevant). */
export type Qrels = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** A BEIR-style data set, with the queries of one split that have at least one judgement. */
export interface BeirDataset {
  /** The split read. */
  readonly split: string;
  /** Every document of `corpus.jsonl`, in file order. */
  readonly corpus: readonly BeirDocument[];
  /** The split's queries that have judgements, in file order. */
  readonly queries: readonly BeirQuery[];
  /** The split's judgements. */
  readonly qrels: Qrels;
}

/**
 * Loads `corpus.jsonl`, `queries_<split>.jsonl` and `qrels_<split>.tsv` (unsuffixed files are
 * the test split). Qrels lines are `query-id corpus-id score` separated by tabs, with an
 * optional header; TREC's four columns (`query-id 0 corpus-id score`) are accepted too.
 *
 * @throws {@link BenchError} `NO_DATA` or `BAD_DATA` naming the file.
 */
export function loadBeirDataset(folder: string, split: string): BeirDataset {
  const queriesPath = splitFile(folder, 'queries', '.jsonl', split);
  const qrels = parseQrels(readText(splitFile(folder, 'qrels', '.tsv', split)), folder);
  const corpus = readJsonLines(join(folder, 'corpus.jsonl'), BeirDocumentSchema);
  const queries = readJsonLines(queriesPath, BeirQuerySchema).filter((query) =>
    qrels.has(query._id),
  );
  return { split, corpus, queries, qrels };
}

/** Parses a qrels TSV; see {@link loadBeirDataset}. */
export function parseQrels(text: string, where: string): Qrels {
  const qrels = new Map<string, Map<string, number>>();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const columns = line.trim().split(/\t| +/);
    const [queryId, documentId, grade] =
      columns.length === 4 ? [columns[0], columns[2], columns[3]] : columns;
    const score = Number(grade);
    if (queryId === undefined || documentId === undefined || !Number.isFinite(score)) {
      if (index === 0) return;
      throw new BenchError({
        code: 'BAD_DATA',
        message: `${where}: qrels line ${index + 1} is not "query-id corpus-id score"`,
      });
    }
    let judged = qrels.get(queryId);
    if (judged === undefined) {
      judged = new Map();
      qrels.set(queryId, judged);
    }
    judged.set(documentId, score);
  });
  return qrels;
}
