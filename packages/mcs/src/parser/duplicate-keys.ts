/**
 * Finds a key written twice in one JSON object. `JSON.parse` keeps the last of them, so
 * `{"tool": "read", "tool": "delete"}` would run `delete` while a reader of the text may see
 * `read`: the parser refuses such text instead of choosing.
 *
 * @module
 */

/** One open object or array while walking the text. */
interface Frame {
  /** The keys seen so far, for an object; `undefined` for an array. */
  keys: Set<string> | undefined;
  /** True when the next string in this object is a key. */
  expectKey: boolean;
}

/**
 * The first key, in text order, that appears twice in one object of `json`, or `undefined`.
 *
 * `json` must be text `JSON.parse` accepts (the walk trusts its grammar); keys are compared
 * after unescaping, so `"tool"` and `"t\u006fol"` are the same key.
 */
export function findDuplicateKey(json: string): string | undefined {
  const stack: Frame[] = [];
  for (let index = 0; index < json.length; index += 1) {
    const char = json[index];
    if (char === '"') {
      const end = closingQuote(json, index);
      const top = stack.at(-1);
      if (top?.keys !== undefined && top.expectKey) {
        const key = JSON.parse(json.slice(index, end + 1)) as string;
        if (top.keys.has(key)) return key;
        top.keys.add(key);
        top.expectKey = false;
      }
      index = end;
    } else if (char === '{') {
      stack.push({ keys: new Set(), expectKey: true });
    } else if (char === '[') {
      stack.push({ keys: undefined, expectKey: false });
    } else if (char === '}' || char === ']') {
      stack.pop();
    } else if (char === ',') {
      const top = stack.at(-1);
      if (top?.keys !== undefined) top.expectKey = true;
    }
  }
  return undefined;
}

/** The index of the quote that closes the string opened at `open`. */
function closingQuote(json: string, open: number): number {
  for (let index = open + 1; index < json.length; index += 1) {
    const char = json[index];
    if (char === '\\') index += 1;
    else if (char === '"') return index;
  }
  return json.length - 1;
}
