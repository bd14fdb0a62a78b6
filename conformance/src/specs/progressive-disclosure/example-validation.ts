/**
 * Validates example inputs against a tool's input schema with ajv, in the dialect the schema's
 * `$schema` names (2020-12 when absent, as MCP specifies).
 *
 * @module
 */

import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';

// ajv-formats is CommonJS with `exports.default`; NodeNext types its default import as the module.
const addFormats = ajvFormats as unknown as typeof ajvFormats.default;

// Schemas of different tools may reuse an `$id`; registering them would fail the second compile.
const AJV_OPTIONS: Options = { strict: false, addUsedSchema: false, allErrors: false };

/** Validates values against schemas; a schema ajv cannot compile validates nothing. */
export interface ExampleValidator {
  /** The first problem of `input` against `schema`, `undefined` when it is valid or the schema unusable. */
  problem(schema: Readonly<Record<string, unknown>>, input: unknown): string | undefined;
}

/** Creates an {@link ExampleValidator} with one ajv instance per dialect, made on first need. */
export function createExampleValidator(): ExampleValidator {
  const instances = new Map<string, Ajv>();
  const instanceFor = (declared: unknown): Ajv => {
    const dialect =
      typeof declared === 'string' && declared.includes('draft-07')
        ? 'draft-07'
        : typeof declared === 'string' && declared.includes('2019-09')
          ? '2019-09'
          : '2020-12';
    let ajv = instances.get(dialect);
    if (ajv === undefined) {
      ajv =
        dialect === '2020-12'
          ? new Ajv2020(AJV_OPTIONS)
          : dialect === '2019-09'
            ? new Ajv2019(AJV_OPTIONS)
            : new Ajv(AJV_OPTIONS);
      addFormats(ajv);
      instances.set(dialect, ajv);
    }
    return ajv;
  };
  return {
    problem(schema, input) {
      let validate: ValidateFunction;
      try {
        validate = instanceFor(schema.$schema).compile(schema);
      } catch {
        return undefined;
      }
      if (validate(input)) return undefined;
      const [first] = validate.errors ?? [];
      return first === undefined
        ? 'is not valid'
        : `${first.instancePath === '' ? 'the input' : first.instancePath} ${first.message ?? 'is not valid'}`;
    },
  };
}
