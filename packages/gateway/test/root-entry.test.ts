/**
 * The weight of the built root entry, in the manner of the MCP SDK's barrel test: importing
 * `@x/gateway` must load no encoder ranks, no tokenizer library, no embedding code, no MCP SDK
 * runtime and no Node module that reaches the host (files, processes, network, streams, OS).
 * A child process imports `dist/index.js` with a resolve hook that records every ES module it
 * resolves, then lists the CommonJS modules `require` loaded (lazy loaders use it).
 */

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ENTRY = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** Records each resolved ES module URL on stdout, one JSON string a line. */
const RESOLVE_HOOK = `
import { writeSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  writeSync(1, JSON.stringify(result.url) + '\\n');
  return result;
}
`;

/**
 * What importing the root entry loads, then running `afterImport` (an expression over the
 * entry's namespace `gateway`): ES module URLs and CommonJS file paths.
 */
function modulesLoaded(afterImport = ''): string[] {
  const script = `
import { createRequire, register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RESOLVE_HOOK)}));
const gateway = await import(${JSON.stringify(pathToFileURL(ENTRY).href)});
${afterImport};
const required = Object.keys(createRequire(import.meta.url).cache);
process.stdout.write(required.map((path) => JSON.stringify(path)).join('\\n') + '\\n');
`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as string);
}

/** Modules the root entry must not load, by what their URL or path contains. */
const HEAVY = [
  { what: 'js-tiktoken (ranks or encoder)', pattern: /[\\/]js-tiktoken[\\/]/ },
  { what: 'gpt-tokenizer (ranks or encoder)', pattern: /[\\/]gpt-tokenizer[\\/]/ },
  { what: 'the embeddings of @x/core', pattern: /[\\/]core[\\/]dist[\\/]embeddings[\\/]/ },
  { what: 'an embedding runtime', pattern: /[\\/](@energetic-ai|onnxruntime[^\\/]*)[\\/]/ },
  { what: 'the MCP SDK', pattern: /[\\/]@modelcontextprotocol[\\/]/ },
];

/**
 * The Node built-ins the root may load, each for a reason; any other (`node:fs`, `node:path`,
 * `node:child_process`, `node:net`, `node:stream`, `node:os`, ...) fails the test.
 */
const ALLOWED_BUILTINS = new Map([
  // One-shot SHA-256 for tool ids, client-safe names and artifact handles at ingest; a pure
  // JavaScript digest costs 10 to 25 times as much per id.
  ['node:crypto', 'util/digest.ts'],
  // `createRequire`: ajv (core/schemas) and the encoder ranks (core/tokens) are loaded on first
  // use, synchronously, instead of when the entry is imported.
  ['node:module', 'lazy loading in @x/core'],
  // lru-cache's Node build (its browser build has none), for the in-memory artifact store.
  ['node:diagnostics_channel', 'lru-cache'],
]);

describe('the root entry @x/gateway', () => {
  it('is built (run `pnpm build` first)', () => {
    expect(existsSync(ENTRY)).toBe(true);
  });

  it('loads no encoder ranks, tokenizer, embedding code or MCP SDK runtime', () => {
    const loaded = modulesLoaded();
    for (const { what, pattern } of HEAVY) {
      expect({ what, loaded: loaded.filter((url) => pattern.test(url)) }).toEqual({
        what,
        loaded: [],
      });
    }
  });

  it('loads no Node built-in beyond the few it needs', () => {
    const builtins = [...new Set(modulesLoaded().filter((url) => url.startsWith('node:')))];
    expect(builtins.filter((name) => !ALLOWED_BUILTINS.has(name))).toEqual([]);
  });

  it('loads the encoder ranks on the first count, so the probe sees lazy loads', () => {
    const loaded = modulesLoaded(
      "gateway.cardTokens({ id: 'weather:get_forecast#0a1b2c3d', kind: 'tool', name: 'get_forecast', description: 'The forecast.', tags: [] })",
    );
    expect(loaded.some((url) => /[\\/](js-tiktoken|gpt-tokenizer)[\\/]/.test(url))).toBe(true);
  });
});
