/**
 * Measures what each description of one OpenAPI document costs a model, in `cl100k_base`
 * tokens: the inline styles, the schema-only style, and the native tool formats.
 *
 * @module
 */

import { countJsonTokens, countTokens } from '@x/core/tokens';
import { NATIVE_TOOL_FORMATS, type NativeToolFormat } from '@x/mcs';
import { createOpenApiDriver } from '@x/mcs/rest';

/** The description formats of the REST driver in the inline style. */
export const INLINE_FORMATS = ['openapi', 'functions', 'condensed'] as const;

/** What one document costs, in tokens. */
export interface DocumentTokens {
  /** The document, as a path inside `@readme/oas-examples`. */
  document: string;
  /** Functions the driver offers. */
  functions: number;
  /** The function description (mcs §3.1) per inline format. */
  inline: Record<(typeof INLINE_FORMATS)[number], number>;
  /** The schema-only description: one line per function and `function_details`. */
  schemaOnly: number;
  /** The mean `function_details` answer, the cost of reading one function's schema on demand. */
  detailsMean: number;
  /** The native tool definitions (compact JSON), inline style. */
  native: Record<NativeToolFormat, number>;
  /** The native tool definitions (compact JSON), schema-only style. */
  nativeSchemaOnly: Record<NativeToolFormat, number>;
  /** The generic system message (mcs §3.2) in the default `openapi` format and in schema-only. */
  systemMessage: { inline: number; schemaOnly: number };
}

const BASE_URL = 'http://127.0.0.1:9/';

/** Measures one document, read from `path`; `label` names it in the results. */
export async function measureDocument(path: string, label: string): Promise<DocumentTokens> {
  const drivers = await Promise.all(
    INLINE_FORMATS.map((descriptionFormat) =>
      createOpenApiDriver({ document: path, baseUrl: BASE_URL, descriptionFormat }),
    ),
  );
  const schemaOnly = await createOpenApiDriver({
    document: path,
    baseUrl: BASE_URL,
    prompts: { style: 'schema-only' },
  });
  const [openapi] = drivers;
  if (openapi === undefined) throw new Error('no inline driver');
  const functions = openapi.listFunctions();
  const details = await Promise.all(
    functions.map(async (definition) =>
      countJsonTokens(
        await schemaOnly.processLlmResponse(
          JSON.stringify({ tool: 'function_details', arguments: { name: definition.name } }),
        ),
      ),
    ),
  );
  const native = (driver: typeof openapi) =>
    Object.fromEntries(
      NATIVE_TOOL_FORMATS.map((format) => [format, countJsonTokens(driver.getNativeTools(format))]),
    ) as Record<NativeToolFormat, number>;
  return {
    document: label,
    functions: functions.length,
    inline: Object.fromEntries(
      INLINE_FORMATS.map((format, index) => [
        format,
        countTokens(drivers[index]?.getFunctionDescription() ?? ''),
      ]),
    ) as DocumentTokens['inline'],
    schemaOnly: countTokens(schemaOnly.getFunctionDescription()),
    detailsMean:
      details.length === 0
        ? 0
        : Math.round(details.reduce((sum, count) => sum + count, 0) / details.length),
    native: native(openapi),
    nativeSchemaOnly: native(schemaOnly),
    systemMessage: {
      inline: countTokens(openapi.getDriverSystemMessage()),
      schemaOnly: countTokens(schemaOnly.getDriverSystemMessage()),
    },
  };
}
