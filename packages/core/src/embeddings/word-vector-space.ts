import type { WordVectorTable } from './word-vector-table.js';

/** How many of the most frequent words the mean and the dominant directions are taken from. */
const SAMPLE_WORDS = 50_000;
/** Power-iteration steps per direction: fixed, so the directions are the same on every run. */
const POWER_STEPS = 30;

/** A table's word vectors, centred and cleared of its dominant directions. */
export interface WordVectorSpace {
  /** The processed vector of `word`; `undefined` when the table lacks it. */
  vector(word: string): Float64Array | undefined;
  /** The position of `word` in the table (0 for the most frequent); `undefined` when absent. */
  rank(word: string): number | undefined;
}

/**
 * Post-processes a table the "all-but-the-top" way (Mu and Viswanath, 2018): subtract the mean
 * vector of the most frequent words, then remove their `removedComponents` principal directions,
 * which mostly encode word frequency rather than meaning. Directions come from power iteration
 * with fixed starting vectors and step count, so the result is deterministic. Vectors are
 * processed when asked for; the table is never modified.
 */
export function createWordVectorSpace(
  table: WordVectorTable,
  removedComponents: number,
): WordVectorSpace {
  const { dimensions, vectors } = table;
  const rows = new Map<string, number>();
  table.words.forEach((word, row) => {
    if (!rows.has(word)) rows.set(word, row);
  });
  const sampleRows = Math.min(SAMPLE_WORDS, table.words.length);
  const sample = new Float64Array(vectors.subarray(0, sampleRows * dimensions));
  const mean = new Float64Array(dimensions);
  for (let row = 0; row < sampleRows; row += 1) {
    for (let i = 0; i < dimensions; i += 1) {
      mean[i] = (mean[i] as number) + (sample[row * dimensions + i] as number) / sampleRows;
    }
  }
  for (let row = 0; row < sampleRows; row += 1) subtract(sample, row * dimensions, mean);
  const components: Float64Array[] = [];
  for (let index = 0; index < Math.min(removedComponents, dimensions); index += 1) {
    const component = principalDirection(sample, sampleRows, dimensions, index);
    components.push(component);
    for (let row = 0; row < sampleRows; row += 1)
      removeDirection(sample, row * dimensions, component);
  }
  return {
    vector(word) {
      const row = rows.get(word);
      if (row === undefined) return undefined;
      const vector = new Float64Array(vectors.subarray(row * dimensions, (row + 1) * dimensions));
      subtract(vector, 0, mean);
      for (const component of components) removeDirection(vector, 0, component);
      return vector;
    },
    rank: (word) => rows.get(word),
  };
}

/** The unit direction of largest variance of the rows, by power iteration from `e_seed + 0.1`. */
function principalDirection(
  sample: Float64Array,
  rows: number,
  dimensions: number,
  seed: number,
): Float64Array {
  let direction = new Float64Array(dimensions).fill(0.1);
  direction[seed] = (direction[seed] as number) + 1;
  for (let step = 0; step < POWER_STEPS; step += 1) {
    const next = new Float64Array(dimensions);
    for (let row = 0; row < rows; row += 1) {
      const offset = row * dimensions;
      let projection = 0;
      for (let i = 0; i < dimensions; i += 1) {
        projection += (sample[offset + i] as number) * (direction[i] as number);
      }
      for (let i = 0; i < dimensions; i += 1) {
        next[i] = (next[i] as number) + projection * (sample[offset + i] as number);
      }
    }
    let length = 0;
    for (let i = 0; i < dimensions; i += 1) length += (next[i] as number) ** 2;
    length = Math.sqrt(length);
    if (length === 0) return new Float64Array(dimensions);
    for (let i = 0; i < dimensions; i += 1) next[i] = (next[i] as number) / length;
    direction = next;
  }
  return direction;
}

/** Subtracts `vector` from the row of `values` that starts at `offset`. */
function subtract(values: Float64Array, offset: number, vector: Float64Array): void {
  for (let i = 0; i < vector.length; i += 1) {
    values[offset + i] = (values[offset + i] as number) - (vector[i] as number);
  }
}

/** Removes from the row of `values` at `offset` its part along the unit vector `direction`. */
function removeDirection(values: Float64Array, offset: number, direction: Float64Array): void {
  let projection = 0;
  for (let i = 0; i < direction.length; i += 1) {
    projection += (values[offset + i] as number) * (direction[i] as number);
  }
  for (let i = 0; i < direction.length; i += 1) {
    values[offset + i] = (values[offset + i] as number) - projection * (direction[i] as number);
  }
}
