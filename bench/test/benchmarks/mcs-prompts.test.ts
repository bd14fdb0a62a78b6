import { createRequire } from 'node:module';
import { countTokens } from '@x/core/tokens';
import { createOpenApiDriver } from '@x/mcs/rest';
import { describe, expect, it } from 'vitest';
import { measureDocument } from '../../src/benchmarks/mcs-prompts/measure.js';

const require = createRequire(import.meta.url);
const PETSTORE = require.resolve('@readme/oas-examples/3.0/json/petstore.json');

describe('mcs-prompts benchmark parts', () => {
  it('counts each style of one document, the same way every time', async () => {
    const first = await measureDocument(PETSTORE, 'petstore');
    expect(first).toEqual(await measureDocument(PETSTORE, 'petstore'));
    const driver = await createOpenApiDriver({
      document: PETSTORE,
      baseUrl: 'http://127.0.0.1:9/',
      descriptionFormat: 'condensed',
    });
    expect(first.functions).toBe(20);
    expect(first.inline.condensed).toBe(countTokens(driver.getFunctionDescription()));
    expect(first.schemaOnly).toBeLessThan(first.inline.condensed);
    expect(first.nativeSchemaOnly.openai).toBeLessThan(first.native.openai);
    expect(first.detailsMean).toBeGreaterThan(0);
  });
});
