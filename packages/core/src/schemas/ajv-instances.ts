/**
 * ajv instances per JSON Schema dialect, with ajv-formats and the settings the `@x` packages
 * share.
 *
 * ajv is loaded with `require` on the first instance, not when this module is imported: a
 * server that only lists tools never pays for it, and compiling stays synchronous. ajv and
 * ajv-formats are CommonJS packages, so `require` gives the same classes an `import` would.
 *
 * @module
 */

import { createRequire } from 'node:module';
import type { Ajv, Options } from 'ajv';
import type { JsonSchemaDialect } from './dialect.js';

const loadModule = createRequire(import.meta.url);

/** How an instance differs between callers. */
export interface AjvInstanceOptions {
  /** Collect every error instead of stopping at the first (ajv `allErrors`). */
  readonly allErrors: boolean;
  /** Drop ajv's console warnings (unknown formats, ignored keywords). */
  readonly silent: boolean;
}

type AjvClass = new (options: Options) => Ajv;

function ajvClass(dialect: JsonSchemaDialect): AjvClass {
  switch (dialect) {
    case '2020-12':
      return (loadModule('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020;
    case '2019-09':
      return (loadModule('ajv/dist/2019.js') as typeof import('ajv/dist/2019.js')).Ajv2019;
    case 'draft-07':
      return (loadModule('ajv') as typeof import('ajv')).Ajv;
  }
}

/**
 * A new ajv instance for `dialect` with ajv-formats.
 *
 * `strict: false`, because tool schemas carry keywords ajv does not know (`example`, `xml`,
 * vendor extensions); `addUsedSchema: false`, because schemas of different tools may reuse an
 * `$id` and registering them would make the second compile fail.
 */
export function createAjvInstance(dialect: JsonSchemaDialect, options: AjvInstanceOptions): Ajv {
  const Instance = ajvClass(dialect);
  const ajv = new Instance({
    strict: false,
    allErrors: options.allErrors,
    addUsedSchema: false,
    ...(options.silent ? { logger: false } : {}),
  });
  const formats = loadModule('ajv-formats') as { default: (instance: Ajv) => Ajv };
  formats.default(ajv);
  return ajv;
}
