import type { EmbeddingProvider } from '@x/core/embeddings';
import { type RetrievalTask, recallMetric } from '../../src/benchmarks/search/task.js';

/** Three tools and one query whose words miss the right tool ("temperature" for "weather"). */
export const TINY_TASK: RetrievalTask = {
  name: 'tiny',
  title: 'Tiny',
  data: 'tiny',
  split: 'dev',
  fields: { name: { weight: 3 }, description: { weight: 1 } },
  documents: [
    { id: 'weather', text: { name: 'weather', description: 'forecast for a city' } },
    { id: 'shows', text: { name: 'shows', description: 'theatre in new york city' } },
    { id: 'parks', text: { name: 'parks', description: 'parks of new york city' } },
  ],
  queries: [{ id: 'q1', text: 'temperature in new york city' }],
  qrels: new Map([['q1', new Map([['weather', 1]])]]),
  metrics: [recallMetric(2)],
  primaryMetric: 'recall@2',
};

/** Puts "weather" and "temperature" on one axis, everything else on another. */
export const MEANING: EmbeddingProvider = {
  id: 'meaning',
  embed: async (texts) =>
    texts.map((text) =>
      /weather|temperature/.test(text) ? Float32Array.of(1, 0) : Float32Array.of(0, 1),
    ),
};

/** A provider that always fails, so a hybrid ranking falls back to the words. */
export const FAILING: EmbeddingProvider = {
  id: 'failing',
  embed: async () => {
    throw new Error('down');
  },
};
