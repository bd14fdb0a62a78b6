/** The vector scaled to length 1 (a zero vector stays zero), so a dot product is a cosine. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i += 1) sum += (vector[i] as number) ** 2;
  const length = Math.sqrt(sum);
  const unit = new Float32Array(vector.length);
  if (length === 0) return unit;
  for (let i = 0; i < vector.length; i += 1) unit[i] = (vector[i] as number) / length;
  return unit;
}

/** The dot product of two vectors of one length. */
export function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < left.length; i += 1) sum += (left[i] as number) * (right[i] as number);
  return sum;
}
