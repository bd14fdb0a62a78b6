import { join } from 'node:path';
import { TOOL_SEARCH_FIELDS, toolSearchText } from '@x/core/search';
import { loadBeirDataset } from '../../datasets/beir.js';
import { listSplits } from '../../datasets/splits.js';
import { loadToolCatalog, loadToolQueries } from '../../datasets/tool-catalog.js';
import {
  MRR_METRIC,
  ndcgMetric,
  type RetrievalTask,
  recallMetric,
  type TaskDocument,
} from './task.js';

/** A data set the search benchmark ranks, and how to turn it into a {@link RetrievalTask}. */
export interface TaskSource {
  /** The short name. */
  readonly name: string;
  /** The folder under the data folder. */
  readonly folder: string;
  /** The split used without `--split`. */
  readonly defaultSplit: string;
  /** The splits the folder holds. */
  splits(folder: string): string[];
  /** Loads the task. */
  load(folder: string, split: string, data: string): RetrievalTask;
}

/** The tool fields the tool rankers index: name, namespace, description and parameters. */
const TOOL_FIELDS = [
  'name',
  'namespace',
  'description',
  'parameters',
  'parameterDescriptions',
] as const;

/** BEIR SciFact: scientific claims against abstracts; title and text as fields. */
export const SCIFACT: TaskSource = {
  name: 'scifact',
  folder: 'docs/scifact',
  defaultSplit: 'train',
  splits: (folder) => listSplits(folder, 'queries', '.jsonl'),
  load(folder, split, data) {
    const dataset = loadBeirDataset(folder, split);
    return {
      name: 'scifact',
      title: 'SciFact',
      data,
      split,
      fields: { title: { weight: 2 }, text: { weight: 1 } },
      documents: dataset.corpus.map((document) => ({
        id: document._id,
        text: { title: document.title, text: document.text },
      })),
      queries: dataset.queries.map((query) => ({ id: query._id, text: query.text })),
      qrels: dataset.qrels,
      metrics: [ndcgMetric(10), recallMetric(100)],
      primaryMetric: 'ndcg@10',
    };
  },
};

/** Seal-Tools: task requests against a catalog of 4,076 tools; binary relevance. */
export const SEAL_TOOLS: TaskSource = toolSource('seal-tools', 'Seal-Tools');

/**
 * MetaTool: real users asking for one of 199 ChatGPT plugins, in words that rarely repeat the
 * tool's name or description; binary relevance, no input schemas.
 */
export const METATOOL: TaskSource = toolSource('metatool', 'MetaTool');

/**
 * MetaTool's two-tool requests (`queries_multi_dev.json`): one request that needs two of the
 * same 199 tools, for task-shaped ranking.
 */
export const METATOOL_MULTI: TaskSource = toolSource('metatool-multi', 'MetaTool two-tool', {
  folder: 'tools/metatool',
  defaultSplit: 'multi_dev',
});

/** A tool catalog with labeled queries (`catalog.json`, `queries_<split>.json`) under `tools/`. */
function toolSource(
  name: string,
  title: string,
  options: { readonly folder?: string; readonly defaultSplit?: string } = {},
): TaskSource {
  return {
    name,
    folder: options.folder ?? `tools/${name}`,
    defaultSplit: options.defaultSplit ?? 'dev',
    splits: (folder) => listSplits(folder, 'queries', '.json'),
    load(folder, split, data) {
      const documents: TaskDocument[] = loadToolCatalog(folder).map((tool) => {
        const searchable = {
          name: tool.name,
          namespace: tool.server,
          description: tool.description,
          inputSchema: tool.inputSchema,
        };
        const text = Object.fromEntries(
          TOOL_FIELDS.map((field) => [field, toolSearchText(searchable, field)]),
        );
        return { id: tool.id ?? tool.name, text };
      });
      const queries = loadToolQueries(folder, split);
      return {
        name,
        title,
        data,
        split,
        fields: Object.fromEntries(TOOL_FIELDS.map((field) => [field, TOOL_SEARCH_FIELDS[field]])),
        documents,
        queries: queries.map((query) => ({ id: query.id, text: query.query })),
        qrels: new Map(
          queries.map((query) => [query.id, new Map(query.relevant.map((tool) => [tool, 1]))]),
        ),
        metrics: [recallMetric(1), recallMetric(5), recallMetric(10), ndcgMetric(10), MRR_METRIC],
        primaryMetric: 'ndcg@10',
      };
    },
  };
}

/**
 * The task repeated until it has `size` documents (copies get ids `<id>~<n>`), to time the
 * ranker at a larger catalog. A pessimistic stand-in: copies share every term, so postings are
 * longer than in a real catalog of that size.
 */
export function scaleTask(task: RetrievalTask, size: number): RetrievalTask {
  const documents: TaskDocument[] = [];
  for (let copy = 0; documents.length < size; copy += 1) {
    for (const document of task.documents) {
      if (documents.length === size) break;
      documents.push(copy === 0 ? document : { id: `${document.id}~${copy}`, text: document.text });
    }
  }
  return { ...task, name: `${task.name}-x${size}`, documents };
}

/** The folder of a source inside the data folder. */
export function sourceFolder(dataFolder: string, source: TaskSource): string {
  return join(dataFolder, source.folder);
}
