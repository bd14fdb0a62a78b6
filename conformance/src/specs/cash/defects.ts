/**
 * The defects of the CaSH fixture (`test/fixtures/cash/cash-server.mjs --defect NAME`), each
 * breaking one requirement, and the failure it causes. Setups: by default one fixture process
 * over Streamable HTTP serves every defect (`?defect=NAME`), registered as an aggregator;
 * `server` registers it as a plain CaSH server (an aggregator may list tools of its own, §5.4);
 * `well-known` gets a process of its own, whose `/.well-known/cash-mcp.yaml` has the defect;
 * `probe` runs it over stdio with its probe upstreams (`--probe`).
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `cash`. */
export const cashDefects: DefectTable = {
  fixture: 'test/fixtures/cash/cash-server.mjs',
  defects: [
    { requirement: 'cash.4.three-tools', defect: 'no-skill-tool', failure: /^no tool "skill"$/ },
    {
      requirement: 'cash.4.no-extra-tools',
      defect: 'extra-tool',
      setup: 'server',
      failure: /"orders_list"$/,
    },
    {
      requirement: 'cash.4.1.invalid-arguments',
      defect: 'vague-invalid',
      failure: /function="get", kwargs=\{\}\) has code none;.*Bad arguments\.$/,
    },
    { requirement: 'cash.4.2.markdown-default', defect: 'json-default', failure: /answers JSON/ },
    {
      requirement: 'cash.4.2.markdown-default',
      defect: 'json-function-doc',
      failure:
        /^help\(namespace="orders", function="list"\) answers JSON without a format argument$/,
    },
    {
      requirement: 'cash.4.2.unknown-kwargs-tolerated',
      defect: 'strict-kwargs',
      failure: /^help\(\) with kwargs \{"xconformanceprobe": true\} answered an error/,
    },
    {
      requirement: 'cash.4.2.unknown-kwargs-ignored',
      defect: 'noisy-kwargs',
      failure: /^help\(\) changed with an unknown argument near "Showing defaults/,
    },
    {
      requirement: 'cash.4.2.kwargs-documented',
      defect: 'undocumented-kwargs',
      failure: /^help\(\) does not name "format" \(acted on by help\(\)\); "examples"/,
    },
    {
      requirement: 'cash.4.2.kwargs-documented',
      defect: 'subset-undocumented',
      failure: /^help\(\) does not name "params" \(acted on by help\(\)\)$/,
    },
    {
      requirement: 'cash.4.2.function-doc',
      defect: 'bare-function-doc',
      failure:
        /^none of 7 function doc\(s\) documents a parameter \(a table, a list under a parameters heading, or JSON parameters\) or says the function takes none$/,
    },
    {
      requirement: 'cash.4.2.extension-kwargs-documented',
      defect: 'query-undocumented',
      failure: /^the manifest declares x-help-query but help\(\) does not name "query", "offset"$/,
    },
    {
      requirement: 'cash.6.1.query-listing',
      defect: 'query-leaks',
      failure:
        /^help\(namespace="orders", kwargs=\{"query":"summary"\}\): "summary" has 1 more line\(s\) under it$/,
    },
    {
      requirement: 'cash.4.2.flat-root',
      defect: 'root-functions',
      failure: /root functions \(getversion\) beside namespaces \(orders, inventory\)$/,
    },
    {
      requirement: 'cash.4.2.shallow-hierarchy',
      defect: 'deep',
      failure: /^the namespace "orders.retail.eu.north" is 4 levels deep/,
    },
    {
      requirement: 'cash.4.2.distinguishes-kinds',
      defect: 'unmarked-kinds',
      failure: /lists "orders.retail" and "list" without saying which/,
    },
    {
      requirement: 'cash.4.2.no-skill-references',
      defect: 'help-mentions-skills',
      failure: /^help\(\) refers to the skill tool$/,
    },
    {
      requirement: 'cash.4.3.skill-listing',
      defect: 'skills-unlisted',
      failure: /^skill\(\) answered an error/,
    },
    { requirement: 'cash.4.3.text-only', defect: 'skill-script', failure: /fenced bash block/ },
    { requirement: 'cash.4.3.instructions', defect: 'skill-json', failure: /is JSON data$/ },
    {
      requirement: 'cash.4.3.placeholders',
      defect: 'skill-unfilled',
      failure: /leaves \{\{product_id\}\} unfilled$/,
    },
    {
      requirement: 'cash.4.4.errors-via-mcp',
      defect: 'unknown-not-error',
      failure:
        /^call\(namespace="xconformancenowhere", function="xconformancenothing"\) is no error/,
    },
    {
      requirement: 'cash.4.4.unknown-name-guidance',
      defect: 'bare-unknown',
      failure: /has code none, not UNKNOWN_NAMESPACE/,
    },
    { requirement: 'cash.5.1.label-charset', defect: 'hyphen-label', failure: /"back-office"$/ },
    {
      requirement: 'cash.5.1.namespace-normalized',
      defect: 'exact-namespaces',
      failure: /^help\(namespace="O_RDERS"\) answered: .*No namespace/,
    },
    {
      requirement: 'cash.5.1.no-colliding-labels',
      defect: 'colliding-labels',
      failure: /^help\(\) lists "Order_Archive" and "orderarchive"$/,
    },
    {
      requirement: 'cash.5.3.identifier-charset',
      defect: 'hyphen-function',
      failure: /function "bulk-export"$/,
    },
    {
      requirement: 'cash.5.3.kwargs-keys-charset',
      defect: 'hyphen-kwarg',
      failure: /^kwargs keys outside \[A-Za-z0-9_\]: orders\.summary\(group-by\)$/,
    },
    {
      requirement: 'cash.5.3.kwargs-keys-charset',
      defect: 'bare-function-doc',
      failure: /^no kwargs key to judge: none of 7 function doc\(s\) documents a parameter/,
    },
    {
      requirement: 'cash.5.3.identifier-normalized',
      defect: 'exact-functions',
      failure: /^help\(function="L_IST"\) in "orders" answered/,
    },
    {
      requirement: 'cash.5.3.kwargs-keys-normalized',
      defect: 'exact-kwargs',
      failure: /did not match the key "O_RDER_ID" to "order_id"/,
    },
    { requirement: 'cash.5.3.expressive-names', defect: 'bare-verb-root', failure: /"get"$/ },
    {
      requirement: 'cash.5.4.aggregator-tools',
      defect: 'no-skill-tool',
      failure: /no tool "skill"/,
    },
    {
      requirement: 'cash.5.4.merged-help',
      defect: 'hide-inventory',
      failure: /^help\(\) does not list "inventory"$/,
    },
    {
      requirement: 'cash.5.4.routes-calls',
      defect: 'misroute',
      failure:
        /^call\(namespace="inventory", function="check", kwargs=\{\}\) answered: .*No function/,
    },
    {
      requirement: 'cash.5.4.merged-skills',
      defect: 'skills-flattened',
      failure: /"restockcheck" is listed under "", no upstream's namespace/,
    },
    {
      requirement: 'cash.5.4.unique-labels',
      defect: 'duplicate-label',
      failure: /^help\(\) lists "inventory" 2 times$/,
    },
    {
      requirement: 'cash.5.5.manifest-schema',
      defect: 'manifest-no-publisher',
      failure: /^cash:\/\/server: publisher: /,
    },
    {
      requirement: 'cash.5.6.server-resource',
      defect: 'no-server-resource',
      failure: /^resources\/list has no cash:\/\/server$/,
    },
    {
      requirement: 'cash.5.6.server-resource-json',
      defect: 'server-resource-yaml',
      failure: /^cash:\/\/server is not a JSON object/,
    },
    {
      requirement: 'cash.6.1.index-entries',
      defect: 'index-multiline',
      failure: /"orders" has 1 more line\(s\) under it/,
    },
    {
      requirement: 'cash.6.1.index-no-parameters',
      defect: 'index-parameters',
      failure: /^help\(\) gives "orders" typed parameters$/,
    },
    {
      requirement: 'cash.6.2.index-no-function-lists',
      defect: 'index-function-lists',
      failure: /^help\(\) lists functions of "orders": list, get, summary$/,
    },
    {
      requirement: 'cash.6.1.namespace-entries',
      defect: 'namespace-multiline',
      failure: /help\(namespace="orders"\): "list" has 1 more line\(s\) under it/,
    },
    {
      requirement: 'cash.6.2.namespace-no-parameters',
      defect: 'namespace-signatures',
      failure: /help\(namespace="orders"\) gives "list" a signature/,
    },
    {
      requirement: 'cash.6.1.function-doc-one-function',
      defect: 'function-doc-siblings',
      failure: /^help\(namespace="orders", function="list"\) also documents get, summary;/,
    },
    {
      requirement: 'cash.7.2.gate-enforced',
      defect: 'no-gate',
      failure: /returned \d+ characters without a sizelimit; the threshold is 10000$/,
    },
    {
      requirement: 'cash.7.2.gated-notice',
      defect: 'gate-silent',
      failure: /does not say it was gated/,
    },
    {
      requirement: 'cash.7.2.gated-summary',
      defect: 'gate-no-summary',
      failure: /gives no count or summary/,
    },
    {
      requirement: 'cash.7.2.suggested-limit',
      defect: 'gate-no-suggestion',
      failure: /suggests no sizelimit/,
    },
    {
      requirement: 'cash.7.2.suggested-limit-works',
      defect: 'gate-low-suggestion',
      failure: /with the suggested sizelimit=\d+ is still withheld/,
    },
    {
      requirement: 'cash.7.2.suggested-margin',
      defect: 'gate-exact-suggestion',
      failure:
        /^the suggested sizelimit=\d+ leaves no margin above the full response of \d+ characters$/,
    },
    {
      requirement: 'cash.7.2.narrow-directive',
      defect: 'gate-no-directive',
      failure: /does not say to narrow the query/,
    },
    {
      requirement: 'cash.7.2.full-when-accommodated',
      defect: 'gate-capped',
      failure: /with sizelimit=10000000 answered: \*\*Gated:\*\*/,
    },
    {
      requirement: 'cash.7.2.write-not-repeated',
      defect: 'gate-after-write',
      failure:
        /answered an error \(code GATED\) but changed what call\(namespace="inventory", function="reservations", kwargs=\{\}\) shows/,
    },
    {
      requirement: 'cash.7.2.gate-precision',
      defect: 'gate-loose',
      failure: /with sizelimit=\d+ returned all \d+ characters$/,
    },
    {
      requirement: 'cash.7.3.sizelimit-parameter',
      defect: 'no-sizelimit-param',
      failure: /^the call tool has no sizelimit parameter$/,
    },
    {
      requirement: 'cash.7.3.threshold-advertised',
      defect: 'hidden-threshold',
      failure: /so the threshold is above 10000, but help\(\) names none$/,
    },

    {
      requirement: 'cash.5.5.manifest-published',
      defect: 'no-manifest',
      setup: 'well-known',
      failure: /\/\.well-known\/cash-mcp\.yaml answered 404$/,
    },
    {
      requirement: 'cash.5.5.manifest-content-type',
      defect: 'manifest-text-plain',
      setup: 'well-known',
      failure: /is served as "text\/plain", not application\/yaml$/,
    },
    {
      requirement: 'cash.5.4.routes-observed',
      defect: 'probe-misroute',
      setup: 'probe',
      failure:
        /^call\(namespace="probea"\) reached its upstream 0 times, not once; call\(namespace="probea"\) reached the upstream of "probeb"$/,
    },
    {
      requirement: 'cash.5.4.merged-skills',
      defect: 'skills-dropped',
      setup: 'probe',
      failure: /^skill\(\) does not list "probeskill" of the upstream "probeskills"$/,
    },
  ],
};
