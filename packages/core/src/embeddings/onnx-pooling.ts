import { CoreError } from '../errors.js';
import type { OnnxTensor } from './onnx-packages.js';

/**
 * How the token vectors of a text become one vector: `mean` averages them (special tokens
 * included, as sentence-transformers' mean pooling does), `cls` takes the first token's.
 */
export type OnnxPooling = 'mean' | 'cls';

/**
 * One vector per text from a model's token vectors: `hidden` must be a `float32` tensor of shape
 * `[texts, tokens, dimensions]`, every text `tokens` long (no padding) and every number finite.
 *
 * @throws `CoreError` `UNAVAILABLE` when the tensor has another type or shape, or a number that
 * is not finite.
 */
export function poolTokenVectors(
  hidden: OnnxTensor,
  texts: number,
  tokens: number,
  pooling: OnnxPooling,
): Float32Array[] {
  const [outputTexts, outputTokens, dimensions] = hidden.dims;
  if (
    hidden.dims.length !== 3 ||
    outputTexts !== texts ||
    outputTokens !== tokens ||
    dimensions === undefined ||
    dimensions < 1
  ) {
    throw unexpected(
      `a tensor of shape [${hidden.dims.join(', ')}] where [${texts}, ${tokens}, dimensions] was expected`,
    );
  }
  const data = hidden.data;
  if (
    hidden.type !== 'float32' ||
    !(data instanceof Float32Array) ||
    data.length !== texts * tokens * dimensions
  ) {
    throw unexpected(`${hidden.type} numbers where float32 was expected`);
  }
  const vectors: Float32Array[] = [];
  for (let text = 0; text < texts; text += 1) {
    const start = text * tokens * dimensions;
    const vector =
      pooling === 'cls'
        ? data.slice(start, start + dimensions)
        : meanOfRows(data, start, tokens, dimensions);
    if (!vector.every(Number.isFinite)) throw unexpected('a number that is not finite');
    vectors.push(vector);
  }
  return vectors;
}

/** The mean of `rows` consecutive rows of `dimensions` numbers from `start`. */
function meanOfRows(
  data: Float32Array,
  start: number,
  rows: number,
  dimensions: number,
): Float32Array {
  const sums = new Float64Array(dimensions);
  for (let row = 0; row < rows; row += 1) {
    const offset = start + row * dimensions;
    for (let i = 0; i < dimensions; i += 1)
      sums[i] = (sums[i] as number) + (data[offset + i] as number);
  }
  return Float32Array.from(sums, (sum) => sum / rows);
}

function unexpected(what: string): CoreError {
  return new CoreError({
    code: 'UNAVAILABLE',
    message: `the ONNX model answered ${what}`,
    retryable: false,
  });
}
