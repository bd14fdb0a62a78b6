/**
 * The defects of the context-cache fixture (`test/fixtures/context-cache/server.mjs --defect
 * NAME`), each breaking one requirement, and the failure it causes. By default one fixture
 * process over Streamable HTTP serves every defect (`?defect=NAME`), which is itself the defect
 * `served-over-http` (v0 servers use stdio); `own-root` runs a defect that changes its cache
 * root over stdio, on a root of its own.
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `context-cache`. */
export const contextCacheDefects: DefectTable = {
  fixture: 'test/fixtures/context-cache/server.mjs',
  defects: [
    {
      requirement: 'context-cache.tools.present',
      defect: 'missing-tool',
      failure: /^missing tool\(s\): context\.inspect_cache$/,
    },
    {
      requirement: 'context-cache.resolve.input-schema',
      defect: 'resolve-schema',
      failure: /budget has type "number", not "integer"; budget has minimum absent, not 0$/,
    },
    {
      requirement: 'context-cache.list-caches.input-schema',
      defect: 'list-root-required',
      failure: /^context\.list_caches: requires root$/,
    },
    {
      requirement: 'context-cache.inspect-cache.input-schema',
      defect: 'inspect-schema',
      failure: /^context\.inspect_cache: cache is not required$/,
    },
    {
      requirement: 'context-cache.resolve.result-shape',
      defect: 'resolve-field-order',
      failure: /selection has keys budget, query, .*; expected query, budget, /,
    },
    {
      requirement: 'context-cache.resolve.v0-answers',
      defect: 'score-float64',
      failure:
        /^context\.resolve\("CACHE\s+budget", 1000\) differs from the reference at character \d+: ",\\"tokens.*" instead of "\.0,\\"tokens/,
    },
    {
      requirement: 'context-cache.resolve.ordering',
      defect: 'ties-reversed',
      failure: /^for "cache": "gamma\.md" \(0\.5\) comes before "alpha\.md" \(0\.5\)/,
    },
    {
      requirement: 'context-cache.resolve.budget-bound',
      defect: 'budget-overrun',
      failure: /^budget 20: tokens_used is 575/,
    },
    {
      requirement: 'context-cache.resolve.skip-not-truncate',
      defect: 'truncate',
      failure: /^"delta\.md" is not the whole document \(80 characters\)$/,
    },
    {
      requirement: 'context-cache.resolve.skip-not-truncate',
      defect: 'stop-at-misfit',
      failure: /^nothing was selected: the first document that did not fit ended the selection$/,
    },
    {
      requirement: 'context-cache.resolve.budget-zero',
      defect: 'budget-zero-unlimited',
      failure: /^for "cache": 6 document\(s\) selected, tokens_used 600/,
    },
    {
      requirement: 'context-cache.resolve.accounting',
      defect: 'excluded-zero',
      failure: /^\("cache", 20\): 6 considered but 4 selected or excluded by budget/,
    },
    {
      requirement: 'context-cache.resolve.no-side-effects',
      defect: 'creates-missing',
      setup: 'own-root',
      failure: /^context\.list_caches changed from .* to .*conformance-absent-side-effect/,
    },
    {
      requirement: 'context-cache.resolve.deterministic',
      defect: 'unstable-resolve',
      failure: /^context\.resolve answered .* then "\{ \\"documents/,
    },
    {
      requirement: 'context-cache.list-caches.deterministic',
      defect: 'unstable-list',
      failure: /^context\.list_caches answered /,
    },
    {
      requirement: 'context-cache.inspect-cache.deterministic',
      defect: 'unstable-inspect',
      failure: /^context\.inspect_cache answered /,
    },
    {
      requirement: 'context-cache.errors.deterministic',
      defect: 'unstable-errors',
      failure: /^resolve on a missing cache: context\.resolve answered /,
    },
    {
      requirement: 'context-cache.errors.shape',
      defect: 'error-extra-field',
      failure:
        /^resolve on a missing cache: error has keys code, details, message, not code and message/,
    },
    {
      requirement: 'context-cache.errors.canonical-messages',
      defect: 'custom-messages',
      failure: /^resolve on a missing cache: "Cache not found" for cache_missing/,
    },
    {
      requirement: 'context-cache.errors.no-diagnostics',
      defect: 'error-path',
      failure:
        /^resolve on a missing cache: "Cache does not exist \(\/.*\)" holds a path separator/,
    },
    {
      requirement: 'context-cache.resolve.cache-missing',
      defect: 'missing-as-invalid',
      failure: /^resolve on a missing cache answered .*cache_invalid.*, not cache_missing/,
    },
    {
      requirement: 'context-cache.resolve.invalid-budget',
      defect: 'budget-lenient',
      failure: /^budget -1 answered .*documents.*, not invalid_budget/,
    },
    {
      requirement: 'context-cache.resolve.invalid-query',
      defect: 'query-coerced',
      failure: /^query 42 answered .*documents.*, not invalid_query/,
    },
    {
      requirement: 'context-cache.resolve.cache-invalid',
      defect: 'no-verify',
      failure: /^resolve on the tampered cache answered .*documents.*, not cache_invalid/,
    },
    {
      requirement: 'context-cache.security.traversal',
      defect: 'traversal',
      failure: /^resolve "\.\.\/outside" answered .*documents.*, not cache_missing/,
    },
    {
      requirement: 'context-cache.list-caches.shape',
      defect: 'list-extra-key',
      failure: /^caches\[0\] has keys path, has_manifest, valid, not path and has_manifest/,
    },
    {
      requirement: 'context-cache.list-caches.sorted',
      defect: 'list-utf16-order',
      failure: /^"conformance-\u{1f600}" comes before "conformance-\uff41"$/u,
    },
    {
      requirement: 'context-cache.list-caches.immediate-directories',
      defect: 'list-follows-links',
      failure: /^lists "conformance-escape"; lists "conformance-link"$/,
    },
    {
      requirement: 'context-cache.list-caches.has-manifest',
      defect: 'has-manifest-exists',
      failure: /^"conformance-manifest-dir" has has_manifest true, not false$/,
    },
    {
      requirement: 'context-cache.inspect-cache.key-order',
      defect: 'inspect-key-order',
      failure:
        /^inspect "conformance-fixture" has keys valid, cache_version, document_count, total_bytes/,
    },
    {
      requirement: 'context-cache.inspect-cache.values',
      defect: 'inspect-version-stripped',
      failure: /^cache_version is "[0-9a-f]{64}", not sha256:[0-9a-f]{64}$/,
    },
    {
      requirement: 'context-cache.inspect-cache.invalid-manifest',
      defect: 'inspect-invalid-true',
      failure:
        /^inspect "conformance-no-manifest" gives cache_version "", document_count 0, valid true/,
    },
    {
      requirement: 'context-cache.inspect-cache.unreadable-file',
      defect: 'unreadable-counted',
      failure: /^valid is false but total_bytes is \d+, not 0$/,
    },
    {
      requirement: 'context-cache.inspect-cache.cache-missing',
      defect: 'inspect-file-valid',
      failure: /^inspect "conformance-notes\.txt" answered .*"valid\\":false.*, not cache_missing$/,
    },
    {
      requirement: 'context-cache.transport.stdio',
      defect: 'served-over-http',
      failure: /^reached over HTTP; v0 context-cache servers use stdio only$/,
    },
  ],
};
