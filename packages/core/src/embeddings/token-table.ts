/**
 * The token table of the distilled sentence encoder: every word piece of the encoder's
 * vocabulary run through the full encoder as a sentence of its own (Model2Vec-style
 * distillation), one output vector per piece.
 *
 * @module
 */

/** The encoder's graph as far as distillation reads it: one run over a batch of token ids. */
export interface TokenEncoder {
  /** How many word pieces the vocabulary holds. */
  readonly vocabularySize: number;
  /** The encoder's output for each of `ids`, each embedded as a one-piece sentence, in order. */
  embedTokens(ids: readonly number[]): Promise<Float32Array[]>;
}

/** A distilled token table: row `i` is the full encoder's vector of word piece `i` alone. */
export interface TokenTable {
  /** The length of every row. */
  readonly dimensions: number;
  /** The rows, one after another: row `i` starts at `i * dimensions`. */
  readonly rows: Float32Array;
}

/** Token ids per run of the encoder while distilling: one-piece sentences batch well. */
const DISTILL_BATCH = 200;

/**
 * Runs every word piece of `encoder`'s vocabulary through it, `DISTILL_BATCH` at a time, and
 * keeps the outputs as a table. Deterministic: the same model gives the same table.
 */
export async function distillTokenTable(encoder: TokenEncoder): Promise<TokenTable> {
  let rows: Float32Array | undefined;
  let dimensions = 0;
  for (let start = 0; start < encoder.vocabularySize; start += DISTILL_BATCH) {
    const ids = Array.from(
      { length: Math.min(DISTILL_BATCH, encoder.vocabularySize - start) },
      (_, offset) => start + offset,
    );
    const vectors = await encoder.embedTokens(ids);
    vectors.forEach((vector, offset) => {
      if (rows === undefined) {
        dimensions = vector.length;
        rows = new Float32Array(encoder.vocabularySize * dimensions);
      }
      rows.set(vector, (start + offset) * dimensions);
    });
  }
  return { dimensions, rows: rows ?? new Float32Array(0) };
}

/**
 * The table with its mean row subtracted from every row: what all pieces share (the encoder's
 * "any sentence" direction) would otherwise pull every text towards every other.
 */
export function centredTable(table: TokenTable): TokenTable {
  const { dimensions, rows } = table;
  const count = dimensions === 0 ? 0 : rows.length / dimensions;
  const mean = new Float64Array(dimensions);
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < dimensions; column += 1) {
      mean[column] = (mean[column] as number) + (rows[row * dimensions + column] as number);
    }
  }
  const centred = new Float32Array(rows.length);
  for (let index = 0; index < rows.length; index += 1) {
    centred[index] = (rows[index] as number) - (mean[index % dimensions] as number) / count;
  }
  return { dimensions, rows: centred };
}
