/**
 * Deterministic pseudo-data for `large` answers: the same tool and size give the same bytes.
 *
 * @module
 */

const WORDS = [
  'amber',
  'basalt',
  'cedar',
  'delta',
  'ember',
  'falcon',
  'garnet',
  'harbor',
  'indigo',
  'juniper',
  'kestrel',
  'lagoon',
  'meadow',
  'nimbus',
  'orchid',
  'pepper',
  'quartz',
  'raven',
  'saffron',
  'tundra',
] as const;

const CATEGORIES = ['alpha', 'beta', 'gamma', 'omega'] as const;

/** FNV-1a over UTF-16 code units: a 32-bit seed from the tool name. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * mulberry32: a tiny seeded generator of floats in [0, 1).
 *
 * Hand-written because it is six lines and only needs to be stable, not strong; a library
 * would add a runtime dependency for no gain.
 */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

function createRow(index: number, random: () => number): string {
  const row = {
    row: index,
    id: `r${Math.floor(random() * 0xffffffff)
      .toString(16)
      .padStart(8, '0')}`,
    name: `${pick(WORDS, random)} ${pick(WORDS, random)}`,
    category: pick(CATEGORIES, random),
    value: Math.floor(random() * 100_000),
    score: Math.round(random() * 10_000) / 10_000,
    active: random() < 0.5,
  };
  return JSON.stringify(row);
}

/**
 * Builds the text of a `large` answer: JSON, one pseudo-data row per line, `size` characters.
 *
 * Shape: `{"tool":…,"rows":[` then rows (`{"row":0,"id":…,"name":…,"category":…,"value":…,
 * "score":…,"active":…}`, one per line), then `],"padding":"…"}` where the padding of dots
 * makes the length exact. The rows are seeded by the tool name only, so a smaller size gives
 * a prefix of the same rows. When `size` is below the empty envelope, the envelope is returned
 * (its length is `33 + JSON.stringify(tool).length`).
 */
export function createLargeText(tool: string, size: number): string {
  const head = `{"tool":${JSON.stringify(tool)},"rows":[`;
  const tail = '\n],"padding":""}';
  const random = createRandom(seedOf(tool));
  const parts = [head];
  let length = head.length;
  for (let index = 0; ; index += 1) {
    const line = `${index === 0 ? '' : ','}\n${createRow(index, random)}`;
    if (length + line.length + tail.length > size) break;
    parts.push(line);
    length += line.length;
  }
  const padding = '.'.repeat(Math.max(0, size - length - tail.length));
  parts.push(`\n],"padding":"${padding}"}`);
  return parts.join('');
}
