import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DriverWarningKind } from '../../src/driver-warning.js';
import { createOpenApiDriver } from '../../src/rest/index.js';

const require = createRequire(import.meta.url);
const ROOT = dirname(require.resolve('@readme/oas-examples/package.json'));
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function jsonFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

const DOCUMENTS = ['2.0', '3.0', '3.1']
  .flatMap((version) => jsonFiles(join(ROOT, version, 'json')))
  .map((path) => relative(ROOT, path))
  .sort();

type Json = Record<string, unknown>;

/** The value at a local `$ref` (`#/a/b`) of the document. */
function resolveLocal(document: Json, ref: string): Json {
  return ref
    .slice(2)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<Json>((value, segment) => value[segment] as Json, document);
}

/** How many operations a document declares under `paths` (a path item may be a local `$ref`). */
function operationCount(path: string): number {
  const document = JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Json;
  const paths = (document.paths ?? {}) as Record<string, Json>;
  return Object.values(paths).reduce((count, pathItem) => {
    const item =
      typeof pathItem.$ref === 'string' ? resolveLocal(document, pathItem.$ref) : pathItem;
    return count + METHODS.filter((method) => method in item).length;
  }, 0);
}

/**
 * The documents that need a workaround, with every warning they give. Every other document is
 * read exactly as written, under `strict` too.
 */
const EXPECTED_WARNINGS: Record<string, { kind: DriverWarningKind; function?: string }[]> = {
  '3.0/json/openapi-workshop/post.json': [{ kind: 'document_invalid' }],
  '3.0/json/schema-validation.json': [{ kind: 'schema_changed', function: 'get_anything_strings' }],
};

describe('the REST driver on every document of @readme/oas-examples', () => {
  it('finds the documents', () => {
    expect(DOCUMENTS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(DOCUMENTS)('offers every operation of %s as a function', async (path) => {
    const driver = await createOpenApiDriver({
      document: join(ROOT, path),
      baseUrl: 'http://127.0.0.1:9/',
    });
    const expected = EXPECTED_WARNINGS[path] ?? [];
    expect(
      driver.warnings.map((warning) => ({
        kind: warning.kind,
        ...(warning.function === undefined ? {} : { function: warning.function }),
      })),
    ).toEqual(expected);
    expect(driver.listFunctions()).toHaveLength(operationCount(path));
    // Every schema compiled: a call with no arguments is parsed, never thrown on.
    for (const definition of driver.listFunctions()) {
      const parsed = driver.parseLlmResponse(
        JSON.stringify({ tool: definition.name, arguments: {} }),
      );
      expect(parsed.status).not.toBe('no_call');
    }
  });

  it.each(Object.keys(EXPECTED_WARNINGS))('refuses %s under strict', async (path) => {
    await expect(
      createOpenApiDriver({
        document: join(ROOT, path),
        baseUrl: 'http://127.0.0.1:9/',
        strict: true,
      }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^(DOCUMENT|FUNCTION)_INVALID$/) });
  });

  it('reads the 3.0 dialect the issue found: nullable without type, boolean bounds, duplicate enums', async () => {
    const nesting = await createOpenApiDriver({
      document: join(ROOT, '3.0/json/complex-nesting.json'),
      baseUrl: 'http://127.0.0.1:9/',
      strict: true,
    });
    expect(nesting.warnings).toEqual([]);
    const numbers = await createOpenApiDriver({
      document: join(ROOT, '3.1/json/schema-validation-local.json'),
      baseUrl: 'http://127.0.0.1:9/',
    });
    const parsed = numbers.parseLlmResponse(
      '{"tool": "get_anything_numbers", "arguments": {"id-exclusive-required-schema-v4": 0}}',
    );
    expect(parsed).toMatchObject({ status: 'malformed' });
  });
});
