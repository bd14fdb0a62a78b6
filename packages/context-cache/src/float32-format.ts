/**
 * Printing 32-bit floats exactly as the original prints scores.
 *
 * The original serializes `f32` scores with serde_json 1.0.149, which formats floats with the
 * `zmij` crate: the shortest decimal that reads back as the same `f32` (the closest one when
 * several are that short, the even one on an exact tie), always with a decimal point, in
 * positional notation for decimal exponents -6 through 12 and `d.ddde±N` outside it:
 * `0.0`, `0.5`, `0.33333334`, `1.0`, `12.0`, `1e-7`, `1.5e+13`.
 *
 * JavaScript has no shortest formatting for 32-bit floats (`Number#toString` gives the
 * shortest for 64-bit ones, `0.3333333432674408`), and no library on npm reproduces this
 * notation, so it is written here with exact integer (BigInt) arithmetic.
 *
 * @module
 */

const view = new DataView(new ArrayBuffer(4));

/** The shortest, closest decimal of a positive finite `f32`: `digits` × 10^`exponent`. */
interface Decimal {
  /** Significant digits, no trailing zeros. */
  readonly digits: string;
  /** The decimal exponent of the first digit (scientific notation's exponent). */
  readonly exponent: number;
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** `value` = `numerator / denominator` with `value` in [10^k, 10^(k+1)): returns k. */
function decimalExponent(numerator: bigint, denominator: bigint, estimate: number): number {
  let k = estimate;
  const below = (exponent: number): boolean =>
    exponent >= 0
      ? numerator < pow10(exponent) * denominator
      : numerator * pow10(-exponent) < denominator;
  while (below(k)) k -= 1;
  while (!below(k + 1)) k += 1;
  return k;
}

function shortestDecimal(value: number): Decimal {
  view.setFloat32(0, value);
  const bits = view.getUint32(0);
  const biasedExponent = bits >>> 23;
  const fraction = bits & 0x7fffff;
  const mantissa = BigInt(biasedExponent === 0 ? fraction : fraction | 0x800000);
  const binaryExponent = (biasedExponent === 0 ? 1 : biasedExponent) - 150;
  // In units of 2^(binaryExponent - 2): the value and the bounds of the interval of decimals
  // that read back as this float (the lower gap halves just above a power of two).
  const lowerGap = fraction === 0 && biasedExponent > 1 ? 1n : 2n;
  const unitShift = binaryExponent - 2;
  const scale = unitShift >= 0 ? 2n ** BigInt(unitShift) : 1n;
  const denominator = unitShift >= 0 ? 1n : 2n ** BigInt(-unitShift);
  const x = 4n * mantissa * scale;
  const low = (4n * mantissa - lowerGap) * scale;
  const high = (4n * mantissa + 2n) * scale;
  const inclusive = mantissa % 2n === 0n;
  const k = decimalExponent(x, denominator, Math.floor(Math.log10(value)));
  for (let precision = 1; precision <= 9; precision += 1) {
    const q = k - precision + 1;
    const up = q < 0 ? pow10(-q) : 1n;
    const down = q > 0 ? pow10(q) * denominator : denominator;
    const [a, l, h] = [x * up, low * up, high * up];
    const floor = a / down;
    let best: bigint | undefined;
    for (const candidate of [floor, floor + 1n]) {
      const scaled = candidate * down;
      const inside = inclusive ? scaled >= l && scaled <= h : scaled > l && scaled < h;
      if (!inside || candidate === 0n) continue;
      if (best === undefined) {
        best = candidate;
        continue;
      }
      const bestDistance = a - best * down;
      const distance = scaled - a;
      if (distance < bestDistance || (distance === bestDistance && candidate % 2n === 0n))
        best = candidate;
    }
    if (best !== undefined) {
      const text = best.toString();
      const digits = text.replace(/0+$/, '');
      return { digits, exponent: q + text.length - 1 };
    }
  }
  throw new RangeError('No 9-digit decimal reads back as this float');
}

/**
 * Prints `value`, rounded to the nearest 32-bit float, as the original prints an `f32` score.
 *
 * @throws RangeError for NaN and infinities, which have no JSON number form (serde_json would write `null`)
 * @see context_selection.md §Output (`score`); context.resolve.md §Output Schema ("byte-identical")
 */
export function formatFloat32(value: number): string {
  const single = Math.fround(value);
  if (!Number.isFinite(single)) throw new RangeError('Only finite numbers have a JSON form');
  if (single === 0) return Object.is(single, -0) ? '-0.0' : '0.0';
  const sign = single < 0 ? '-' : '';
  const { digits, exponent } = shortestDecimal(Math.abs(single));
  if (exponent >= -6 && exponent <= 12) {
    if (digits.length - 1 <= exponent)
      return `${sign}${digits}${'0'.repeat(exponent - digits.length + 1)}.0`;
    if (exponent >= 0)
      return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
    return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  }
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${mantissa}e${exponent >= 0 ? '+' : '-'}${Math.abs(exponent)}`;
}
