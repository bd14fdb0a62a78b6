/** fast-check arbitraries shared by the tests. */
import fc from 'fast-check';
import type { JsonPathStep } from '../src/firewall/view/json-path.js';
import type { ToolIdParts } from '../src/tool-id/tool-id.js';

/** Any UTF-16 string, lone surrogates and control characters included. */
export const anyText = (maxLength = 200) =>
  fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
      fc.constantFrom(
        '\n',
        '\r',
        '\t',
        '\u0000',
        '\u007f',
        '\u0085',
        '\u2028',
        '\u2029',
        '\u202e',
        ' ',
      ),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    maxLength,
  });

export const namespaceArbitrary = fc.stringMatching(/^[a-z][a-z0-9_-]{0,63}$/);
export const nameArbitrary = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,127}$/);
export const versionArbitrary = fc.stringMatching(/^[A-Za-z0-9._-]{1,32}$/);
export const hash8Arbitrary = fc.stringMatching(/^[0-9a-f]{8}$/);

/** Parts of a valid tool id, with absent optional parts as absent keys. */
export const toolIdPartsArbitrary: fc.Arbitrary<ToolIdParts> = fc.record(
  {
    namespace: namespaceArbitrary,
    name: nameArbitrary,
    version: versionArbitrary,
    hash8: hash8Arbitrary,
  },
  { requiredKeys: ['namespace', 'name'] },
);

/** A valid tool id string. */
export const toolIdArbitrary = toolIdPartsArbitrary.map(
  ({ namespace, name, version, hash8 }) =>
    `${namespace}:${name}${version === undefined ? '' : `@${version}`}${hash8 === undefined ? '' : `#${hash8}`}`,
);

/** One step of a JSON path: names that need quoting, dot names, and indexes. */
export const jsonPathStepArbitrary: fc.Arbitrary<JsonPathStep> = fc.oneof(
  fc.record({ kind: fc.constant('member' as const), name: fc.string({ maxLength: 12 }) }),
  fc.record({
    kind: fc.constant('member' as const),
    name: fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$-]{0,10}$/),
  }),
  fc.record({
    kind: fc.constant('index' as const),
    index: fc.integer({ min: -999_999_999, max: 999_999_999 }).filter((n) => !Object.is(n, -0)),
  }),
);
