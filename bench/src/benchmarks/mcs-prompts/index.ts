import { createRequire } from 'node:module';
import type { Benchmark } from '../../benchmark.js';
import { formatTable } from '../../report/table.js';
import { type DocumentTokens, INLINE_FORMATS, measureDocument } from './measure.js';

const require = createRequire(import.meta.url);

/**
 * The documents measured: the Petstore in its three formats, the largest document of
 * `@readme/oas-examples` by size (`3.1/json/readme.json`) and the one with the most operations
 * (`3.0/json/star-trek.json`).
 */
const DOCUMENTS = [
  '2.0/json/petstore.json',
  '3.0/json/petstore.json',
  '3.1/json/petstore.json',
  '3.1/json/readme.json',
  '3.0/json/star-trek.json',
] as const;

function share(part: number, whole: number): string {
  return whole === 0 ? '-' : `${Math.round((100 * part) / whole)}%`;
}

function formatTables(outcomes: readonly DocumentTokens[]): string {
  const description = formatTable(
    [
      { title: 'document' },
      { title: 'functions', align: 'right' },
      ...INLINE_FORMATS.map((format) => ({ title: `inline ${format}`, align: 'right' as const })),
      { title: 'schema-only', align: 'right' },
      { title: 'vs openapi', align: 'right' },
      { title: 'details/fn', align: 'right' },
      { title: 'system inline', align: 'right' },
      { title: 'system schema-only', align: 'right' },
    ],
    outcomes.map((outcome) => [
      outcome.document,
      String(outcome.functions),
      ...INLINE_FORMATS.map((format) => String(outcome.inline[format])),
      String(outcome.schemaOnly),
      share(outcome.schemaOnly, outcome.inline.openapi),
      String(outcome.detailsMean),
      String(outcome.systemMessage.inline),
      String(outcome.systemMessage.schemaOnly),
    ]),
  );
  const native = formatTable(
    [
      { title: 'document' },
      { title: 'openai', align: 'right' },
      { title: 'anthropic', align: 'right' },
      { title: 'gemini', align: 'right' },
      { title: 'openai schema-only', align: 'right' },
      { title: 'anthropic schema-only', align: 'right' },
      { title: 'gemini schema-only', align: 'right' },
    ],
    outcomes.map((outcome) => [
      outcome.document,
      String(outcome.native.openai),
      String(outcome.native.anthropic),
      String(outcome.native.gemini),
      String(outcome.nativeSchemaOnly.openai),
      String(outcome.nativeSchemaOnly.anthropic),
      String(outcome.nativeSchemaOnly.gemini),
    ]),
  );
  return [
    'Function description (mcs §3.1), cl100k_base tokens; details/fn is the mean function_details answer',
    description,
    '',
    'Native tool definitions (compact JSON of the request tools field), cl100k_base tokens',
    native,
  ].join('\n');
}

/**
 * `pnpm bench mcs-prompts`: what the REST driver's descriptions of real OpenAPI documents cost,
 * inline (document, functions JSON, condensed) against schema-only (mcs §7), and as native tool
 * definitions of the OpenAI, Anthropic and Gemini APIs.
 */
export const mcsPromptsBenchmark: Benchmark = {
  name: 'mcs-prompts',
  description:
    'mcs: tokens of the inline and schema-only prompt styles and native tool formats on OpenAPI documents',
  about: { datasets: [], published: [] },
  async run(context) {
    const outcomes: DocumentTokens[] = [];
    for (const document of DOCUMENTS) {
      context.note(`mcs-prompts: measuring ${document}`);
      outcomes.push(
        await measureDocument(require.resolve(`@readme/oas-examples/${document}`), document),
      );
    }
    return {
      text: formatTables(outcomes),
      result: {
        tokenizer: 'cl100k_base',
        source: '@readme/oas-examples 8.2.2',
        documents: outcomes,
      },
    };
  },
};
