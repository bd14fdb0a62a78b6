import type { Benchmark } from '../../benchmark.js';
import {
  SCIFACT_BM25_FIGURES,
  SCIFACT_DATASET,
  SEAL_TOOLS_DATASET,
} from '../../datasets/citations.js';
import { formatTable } from '../../report/table.js';
import { evaluateHybrid } from '../retrieval/hybrid.js';
import {
  WORD_VECTOR_ROW,
  wordVectorLine,
  wordVectorProviderFromEnvironment,
} from '../retrieval/word-vectors.js';
import { evaluateRanker, RANKING_DEPTH, timeRanker } from './evaluate.js';
import { loadTasks } from './load-tasks.js';
import { CORE_RANKER, RANKERS } from './rankers.js';
import {
  formatTaskTable,
  outcomeFigures,
  renderQualityChart,
  type TaskOutcome,
  taskFigures,
} from './report.js';
import { SCIFACT, SEAL_TOOLS, scaleTask } from './sources.js';

/** The catalog size at which the core ranker is timed (the gateway's target scale). */
const SCALE_SIZE = 10_000;

/**
 * `pnpm bench search`: the `@x/core/search` ranker against MiniSearch (tuned alike, and as it
 * comes) on SciFact (documents) and Seal-Tools (tools), plus the core ranker timed at 10,000
 * tools.
 */
export const searchBenchmark: Benchmark = {
  name: 'search',
  description: 'the @x/core lexical ranker vs MiniSearch on SciFact and Seal-Tools',
  about: {
    datasets: [SCIFACT_DATASET, SEAL_TOOLS_DATASET],
    published: SCIFACT_BM25_FIGURES,
  },
  async run(context) {
    const { tasks, skipped } = loadTasks(context, [SCIFACT, SEAL_TOOLS], 'search');
    const wordVectors = wordVectorProviderFromEnvironment();
    const outcomes: TaskOutcome[] = [];
    for (const task of tasks) {
      const ranked = RANKERS.map((ranker) => evaluateRanker(task, ranker));
      if (wordVectors !== undefined) {
        ranked.splice(1, 0, await evaluateHybrid(task, wordVectors, WORD_VECTOR_ROW));
      }
      outcomes.push({ task, outcomes: ranked });
    }
    const tools = tasks.find((task) => task.name === SEAL_TOOLS.name);
    const scale =
      tools === undefined ? undefined : timeRanker(scaleTask(tools, SCALE_SIZE), CORE_RANKER);
    const sections = outcomes.map(formatTaskTable);
    if (scale !== undefined) {
      sections.push(
        [
          `${CORE_RANKER.name} at ${SCALE_SIZE} tools (Seal-Tools repeated, ${tools?.queries.length} queries)`,
          formatTable(
            [
              { title: 'build ms', align: 'right' },
              { title: 'p50 ms', align: 'right' },
              { title: 'p95 ms', align: 'right' },
            ],
            [
              [
                scale.buildMs.toFixed(0),
                scale.latencyMs.p50.toFixed(2),
                scale.latencyMs.p95.toFixed(2),
              ],
            ],
          ),
        ].join('\n'),
      );
    }
    sections.push(wordVectorLine(wordVectors));
    const text = sections.join('\n\n');
    return {
      text,
      result: {
        depth: RANKING_DEPTH,
        rankers: RANKERS.map(({ name, description, parameters }) => ({
          name,
          description,
          parameters,
        })),
        tasks: outcomes.map(taskFigures),
        wordVectors:
          wordVectors === undefined
            ? { configured: false }
            : { configured: true, provider: wordVectors.id, ...WORD_VECTOR_ROW },
        skipped,
        ...(scale === undefined
          ? {}
          : {
              scale: {
                dataset: `${SEAL_TOOLS.name} repeated`,
                documents: SCALE_SIZE,
                ranker: scale.ranker,
                ...outcomeFigures(scale),
              },
            }),
      },
      chart: renderQualityChart(outcomes),
    };
  },
};
