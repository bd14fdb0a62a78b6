/**
 * The defects of the gateway fixture (`test/fixtures/gateway/gateway-fixture.mjs --defect
 * NAME`), each breaking one requirement, and the failure it causes. Setups: by default gateway
 * mode with the probe call settings; `proxy` proxy mode; `controls` gateway mode declaring its
 * §4.4-§4.5 controls; `opt-in` cache-stable browsing (§5) and primitives (§9) on; `probe` and
 * `probe-proxy` either mode with the probe upstream's tools (`--probe`).
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `gateway`. */
export const gatewayDefects: DefectTable = {
  fixture: 'test/fixtures/gateway/gateway-fixture.mjs',
  defects: [
    {
      requirement: 'gw.4.2.meta-tools',
      defect: 'extra-meta-tool',
      failure: /not exactly/,
    },
    {
      requirement: 'gw.4.1.invocation-channel',
      defect: 'no-hydrate',
      setup: 'proxy',
      failure: /lacks tool_hydrate/,
    },
    {
      requirement: 'gw.4.1.stripped-list',
      defect: 'full-schema-stub',
      setup: 'proxy',
      failure: /has inputSchema/,
    },
    {
      requirement: 'gw.4.1.stub-description',
      defect: 'long-stub-description',
      setup: 'proxy',
      failure: /several lines.*over 80/,
    },
    {
      requirement: 'gw.4.3.hydrate',
      defect: 'hydrate-without-schema',
      setup: 'proxy',
      failure: /without an object input_schema/,
    },
    {
      requirement: 'gw.1.1.tool-id-format',
      defect: 'id-without-hash',
      failure: /neither a version nor a hash8/,
    },
    {
      requirement: 'gw.1.1.tool-id-format',
      defect: 'id-without-hash',
      setup: 'proxy',
      failure: /neither a version nor a hash8/,
    },
    {
      requirement: 'gw.1.6.id-correlates',
      defect: 'unknown-id-not-hydrate-failed',
      failure: /error UPSTREAM_ERROR, not HYDRATE_FAILED/,
    },
    {
      requirement: 'gw.2.1.card-fields',
      defect: 'extra-card-field',
      failure: /carries priority/,
    },
    {
      requirement: 'gw.2.2.banned-fields',
      defect: 'schema-in-card',
      failure: /\.inputSchema is a banned field/,
    },
    {
      requirement: 'gw.2.3.token-budget',
      defect: 'long-card-description',
      failure: /tokens, over \d+/,
    },
    {
      requirement: 'gw.2.4.deterministic',
      defect: 'changing-browse',
      failure: /changed between two calls/,
    },
    {
      requirement: 'gw.2.5.ordering',
      defect: 'reversed-order',
      failure: /comes after/,
    },
    {
      requirement: 'gw.3.1.query-or-path',
      defect: 'both-accepted',
      failure: /answered a result/,
    },
    {
      requirement: 'gw.3.2.root',
      defect: 'star-not-found',
      failure: /PATH_NOT_FOUND.*\/fx\/\*/,
    },
    {
      requirement: 'gw.3.3.deep-paths',
      defect: 'leaf-lists-siblings',
      failure:
        /^leaf \/fx\/echo answered 2 cards, not the single card fx:echo#1a2b3c4d nor PATH_NOT_FOUND/,
    },
    {
      requirement: 'gw.1.6.legacy-id-refused',
      defect: 'legacy-id-accepted',
      failure:
        /^mcp:echo answered ARGS_INVALID but mcp:conformance_no_such_tool .*HYDRATE_FAILED.*: the legacy key reached fx:echo/,
    },
    {
      requirement: 'gw.3.1.top-k',
      defect: 'top-k-ignored',
      failure: /with top_k 1 answered \d+ cards$/,
    },
    {
      requirement: 'gw.4.1.stub-not-callable',
      defect: 'stub-callable',
      setup: 'proxy',
      failure:
        /^tools\/call of the stripped "fx__echo_1a2b3c4d" ran the tool and answered its result$/,
    },
    {
      requirement: 'gw.3.4.path-invalid',
      defect: 'trailing-slash-accepted',
      failure: /a trailing slash\) answered error PATH_NOT_FOUND/,
    },
    {
      requirement: 'gw.3.4.path-not-found',
      defect: 'missing-path-invalid',
      failure: /answered error PATH_INVALID/,
    },
    {
      requirement: 'gw.3.4.error-shape',
      defect: 'error-without-retryable',
      failure: /no retryable boolean/,
    },
    {
      requirement: 'gw.3.4.error-shape',
      defect: 'error-without-retryable',
      setup: 'proxy',
      failure: /no retryable boolean/,
    },
    {
      requirement: 'gw.3.4.redaction',
      defect: 'multi-line-message',
      failure: /control characters.*names a host path/,
    },
    {
      requirement: 'gw.4.4.args-invalid',
      defect: 'invalid-args-dispatched',
      failure: /not ARGS_INVALID/,
    },
    {
      requirement: 'gw.4.4.args-invalid',
      defect: 'invalid-args-dispatched',
      setup: 'proxy',
      failure: /not ARGS_INVALID/,
    },
    {
      requirement: 'gw.4.2.firewall-envelope',
      defect: 'large-result-inline',
      failure: /lists no artifact/,
    },
    {
      requirement: 'gw.4.2.tool-view',
      defect: 'view-broken',
      failure: /answered error VIEW_FAILED/,
    },
    {
      requirement: 'gw.4.2.view-failed',
      defect: 'unknown-handle-accepted',
      failure: /unknown handle answered a result/,
    },
    {
      requirement: 'gw.4.4.tolerant-args',
      defect: 'string-coerced',
      setup: 'controls',
      failure: /str_to_integer/,
    },
    {
      requirement: 'gw.4.5.cache-hit',
      defect: 'no-cache-hit',
      setup: 'controls',
      failure: /cache_hit false/,
    },
    {
      requirement: 'gw.4.5.cache-mutating',
      defect: 'mutating-cached',
      setup: 'controls',
      failure: /call 2 came from the cache/,
    },
    {
      requirement: 'gw.4.5.dry-run',
      defect: 'dry-run-dispatched',
      setup: 'controls',
      failure: /no dry_run: true/,
    },
    {
      requirement: 'gw.4.5.dry-run-invalid-args',
      defect: 'dry-run-unvalidated',
      setup: 'controls',
      failure:
        /^a dry run of fx:read_doc\S* with \{"name":42,"version":42\} answered .*not ARGS_INVALID$/,
    },
    {
      requirement: 'gw.4.5.dry-run-no-quota',
      defect: 'dry-run-consumes-quota',
      setup: 'controls',
      failure: /call 1 of 3 answered error RATE_LIMITED/,
    },
    {
      requirement: 'gw.4.5.rate-limited',
      defect: 'rate-limit-not-retryable',
      setup: 'controls',
      failure: /retryable is not true/,
    },
    {
      requirement: 'gw.5.1.seen-first',
      defect: 'unsorted-parts',
      setup: 'opt-in',
      failure: /seen cards: "fx:echo#1a2b3c4d" comes after "fx:read_doc#2b3c4d5e"/,
    },
    {
      requirement: 'gw.5.1.frozen-cards',
      defect: 'unfrozen-cards',
      setup: 'opt-in',
      failure: /the second browse changed the seen card fx:read_doc#2b3c4d5e/,
    },
    {
      requirement: 'gw.5.3.breakpoint',
      defect: 'marker-when-all-seen',
      setup: 'opt-in',
      failure: /the first browse repeated \(all seen\) lists 1 __cache_breakpoint__/,
    },
    {
      requirement: 'gw.5.5.hydration',
      defect: 'failed-hydration-recorded',
      setup: 'opt-in',
      failure: /does not list notes:add_note#3c4d5e6f among the new cards/,
    },
    {
      requirement: 'gw.9.4.advertised',
      defect: 'prompts-not-advertised',
      setup: 'opt-in',
      failure: /does not list prompt_browse and prompt_get/,
    },
    {
      requirement: 'gw.9.1.primitive-ids',
      defect: 'unprefixed-resource-id',
      setup: 'opt-in',
      failure: /"fx:guide#5a6b7c8d" does not start with resource::/,
    },
    {
      requirement: 'gw.9.3.collision-keys',
      defect: 'collision-unkeyed',
      setup: 'opt-in',
      failure: /resource ids repeat: resource::notes:shared#7c8d9eaf/,
    },
    {
      requirement: 'gw.9.4.browse',
      defect: 'browse-over-top-k',
      setup: 'opt-in',
      failure: /resource_browse with top_k 1 answered 2 cards/,
    },
    {
      requirement: 'gw.9.4.resource-read',
      defect: 'unknown-resource-error',
      setup: 'opt-in',
      failure: /answered error UPSTREAM_ERROR, not RESOURCE_NOT_FOUND/,
    },
    {
      requirement: 'gw.9.4.firewalled-read',
      defect: 'large-read-inline',
      setup: 'opt-in',
      failure: /lists no artifact with a handle/,
    },
    {
      requirement: 'gw.9.4.prompt-get',
      defect: 'unknown-prompt-error',
      setup: 'opt-in',
      failure: /answered error UPSTREAM_ERROR, not PROMPT_NOT_FOUND/,
    },
    {
      requirement: 'gw.9.4.prompt-args',
      defect: 'prompt-args-unchecked',
      setup: 'opt-in',
      failure: /with no arguments answered error UPSTREAM_ERROR, not ARGS_INVALID/,
    },
    {
      requirement: 'gw.3.4.upstream-taxonomy',
      defect: 'probe-crash-unclassified',
      setup: 'probe',
      failure: /^a JSON-RPC error of probe_crash answered an error "probe_crash failed on purpose/,
    },
    {
      requirement: 'gw.4.4.schema-invalid',
      defect: 'probe-schema-as-args',
      setup: 'probe',
      failure: /^probe_badschema answered error ARGS_INVALID, not SCHEMA_INVALID$/,
    },
    {
      requirement: 'gw.4.4.not-reaching-upstream',
      defect: 'probe-invalid-dispatched',
      setup: 'probe',
      failure:
        /^probe_echo with \{"text":440404\} reached the upstream \(answered error ARGS_INVALID\)$/,
    },
    {
      requirement: 'gw.4.4.not-reaching-upstream',
      defect: 'probe-invalid-dispatched',
      setup: 'probe-proxy',
      failure: /reached the upstream/,
    },
    {
      requirement: 'gw.4.5.retry',
      defect: 'probe-error-retried',
      setup: 'probe',
      failure: /^the tool error of probe_fail was dispatched 2 times, not once$/,
    },
    {
      requirement: 'gw.4.5.errors-not-cached',
      defect: 'probe-error-cached',
      setup: 'probe',
      failure:
        /^two identical calls of the read-only probe_fail, which answers a tool error, reached the upstream 1 time\(s\): the error result was served from the cache$/,
    },
    {
      requirement: 'gw.4.5.errors-not-cached',
      defect: 'probe-error-cached',
      setup: 'probe-proxy',
      failure: /reached the upstream 1 time\(s\)/,
    },
    {
      requirement: 'gw.1.3.hash8',
      defect: 'probe-wrong-hash',
      setup: 'probe',
      failure: /^probe:probe_echo#[0-9a-f]{8} should end in #[0-9a-f]{8}/,
    },
    {
      requirement: 'gw.1.3.hash8',
      defect: 'probe-wrong-hash',
      setup: 'probe-proxy',
      failure: /should end in #/,
    },
    {
      requirement: 'gw.2.3.no-silent-drop',
      defect: 'probe-dropped-field',
      setup: 'probe',
      failure: /^the long card lacks "tags"$/,
    },
    {
      requirement: 'gw.2.4.truncation',
      defect: 'probe-bad-truncation',
      setup: 'probe',
      failure: /ends neither at a sentence terminator nor with "…"$/,
    },
    {
      requirement: 'gw.2.4.truncation',
      defect: 'probe-bad-truncation',
      setup: 'probe-proxy',
      failure: /ends neither at a sentence terminator/,
    },
  ],
};
