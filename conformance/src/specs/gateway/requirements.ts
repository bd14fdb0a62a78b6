/**
 * The requirements of the `gateway` spec: the gateway surface specification (§1-§5, §7, §9), the
 * statements a client can observe over MCP, at the level the spec's own words give each.
 *
 * The §1.3 hash input, the §2.3 field rule, the §2.4 cut and what reaches an upstream (§4.4,
 * §4.5) are checked against a conformance probe upstream the gateway is configured with
 * (settings.gateway.probeUpstreams), whose tools are known and which records every call.
 * Not observable over MCP, so not listed: collisions (§1.5), the selection helpers (§2.6), the hydration cache key (§4.3), refresh
 * atomicity (§4.6), the marker's absence from `tools/list` (§5.4: nothing there to look for),
 * the domain-separated shape hashes of §9.2 (the spec fixes no domain prefix to recompute) and
 * the `PrimitiveUpstream` adapters (§9.4); the library's tests cover those. The §3.4 redaction
 * has no RFC 2119 keyword and is a SHOULD here. §5 and §9 state behaviour as fact ("are
 * emitted", "is emitted only if", "never mix"), so their requirements are MUSTs, checked on a
 * target that declares the feature on (settings.gatewayControls).
 *
 * @module
 */

import type { Requirement } from '../../requirement.js';

/** The source document these requirements cite. */
export const GATEWAY_SURFACE_SPEC = 'gateway-surface';

function requirement(
  id: string,
  section: string,
  level: Requirement['level'],
  summary: string,
): Requirement {
  return { id, spec: GATEWAY_SURFACE_SPEC, section, level, summary };
}

/** Every requirement of `gateway`, in report order. */
export const gatewayRequirements: readonly Requirement[] = [
  // §4.1, §4.2 The surfaces
  requirement(
    'gw.4.2.meta-tools',
    '§4.2; §9.4',
    'MUST',
    'A gateway lists exactly three tool meta-tools, tool_browse, tool_execute and tool_view, and nothing else but the §9.4 primitive meta-tools in pairs.',
  ),
  requirement(
    'gw.4.1.invocation-channel',
    '§4.1',
    'MUST',
    'A proxy lists the meta-tools tool_hydrate and tool_execute beside the upstream tools.',
  ),
  requirement(
    'gw.4.1.stripped-list',
    '§4.1; §2.2',
    'MUST',
    'A proxy lists each upstream tool as name, description and the sentinel inputSchema {"type":"object"} only.',
  ),
  requirement(
    'gw.4.1.stub-description',
    '§4.1; §2.3; §2.4',
    'MUST',
    'Each stripped description is one line within the card hard cap of 80 cl100k_base tokens.',
  ),
  {
    // "Calling a stripped tool directly by its name ... is not supported": stated as fact.
    ...requirement(
      'gw.4.1.stub-not-callable',
      '§4.1',
      'MUST',
      'A proxy does not run a stripped tool called directly by its listed name: the call answers an error.',
    ),
    phrase: 'calling a stripped tool directly by its name is not supported',
  },
  requirement(
    'gw.4.3.hydrate',
    '§4.1; §4.3',
    'MUST',
    "tool_hydrate(tool_id) returns the tool's real input schema, an object schema, keyed by the tool id.",
  ),
  // §1 Tool ids
  requirement(
    'gw.1.1.tool-id-format',
    '§1.1; §1.3; §7',
    'MUST',
    'Every tool id matches namespace:name[@version][#hash8] within 240 characters, with hash8 when no version is given.',
  ),
  requirement(
    'gw.1.6.id-correlates',
    '§1.6; §4.6',
    'MUST',
    'tool_execute accepts the id a card or hydration gave; a well-formed id of no tool answers HYDRATE_FAILED.',
  ),
  {
    ...requirement(
      'gw.1.6.legacy-id-refused',
      '§1.6; §1.7',
      'MUST',
      'tool_execute does not resolve the legacy mcp:{name} key: it answers as for a legacy key of no tool.',
    ),
    phrase: 'do not key off the legacy mcp:{name} form',
  },
  // §2 ChoiceCards
  requirement(
    'gw.2.1.card-fields',
    '§2.1',
    'MUST',
    'Browse cards carry only the permitted fields, with their types: a one-line description, name of at most 64 characters, sorted unique tags (at most 5 besides the safety tags, each at most 24 characters), a known kind and safety.',
  ),
  requirement(
    'gw.2.2.banned-fields',
    '§2.2; §7',
    'MUST',
    'No card carries a schema, examples, annotations, _meta or a transport address, in any form.',
  ),
  requirement(
    'gw.2.3.token-budget',
    '§2.3',
    'MUST',
    'A browse response of n cards renders to at most 80 × n + 32 cl100k_base tokens.',
  ),
  requirement(
    'gw.2.4.deterministic',
    '§2.4',
    'MUST',
    'The same browse gives the same bytes every time.',
  ),
  requirement(
    'gw.2.5.ordering',
    '§2.5',
    'MUST',
    'Browse cards come by descending score, ties broken by ascending id.',
  ),
  // §3 Paths and errors
  requirement(
    'gw.3.1.query-or-path',
    '§3.1',
    'MUST',
    'tool_browse with both query and path, or neither, answers ARGS_INVALID.',
  ),
  {
    // "Returns the top-k cards": stated as fact, like §5 and §9, so a MUST.
    ...requirement(
      'gw.3.1.top-k',
      '§3.1',
      'MUST',
      'tool_browse with a query answers at most top_k cards.',
    ),
    phrase: 'a query returns the top-k cards',
  },
  requirement(
    'gw.3.2.root',
    '§3.2; §3.3',
    'MUST',
    'Path "/" lists one card per namespace, and each namespace path resolves; "/ns/*" equals "/ns".',
  ),
  {
    // The §3.3 table states what each path resolves to, as fact, so a MUST.
    ...requirement(
      'gw.3.3.deep-paths',
      '§3.2; §3.3',
      'MUST',
      "A cluster's path lists its children, and a tool's leaf path (its parent's path and its name) answers that single card, or PATH_NOT_FOUND.",
    ),
    phrase: 'a leaf path returns a single card (or 404)',
  },
  requirement(
    'gw.3.4.path-invalid',
    '§3.2; §3.4',
    'MUST',
    'A malformed path (trailing or doubled slash, upper case, digit-first namespace, no leading slash) answers PATH_INVALID.',
  ),
  requirement(
    'gw.3.4.path-not-found',
    '§3.4',
    'MUST',
    'A well-formed path that names no node answers PATH_NOT_FOUND.',
  ),
  requirement(
    'gw.3.4.error-shape',
    '§3.4',
    'MUST',
    'Errors are {error, message, path, retryable[, details]} with a code from the §3.4 list.',
  ),
  requirement(
    'gw.3.4.redaction',
    '§3.4',
    'SHOULD',
    'Error messages are one line without control characters, at most 1,000 characters, with no host paths.',
  ),
  // §4.4 Validation, §4.2 the firewall and tool_view
  requirement(
    'gw.4.4.args-invalid',
    '§4.4; §3.4',
    'MUST',
    'Arguments that break the tool schema answer ARGS_INVALID, and no upstream result comes back.',
  ),
  requirement(
    'gw.4.2.firewall-envelope',
    '§4.2',
    'MUST',
    'A large tool_execute result comes back as a smaller ResultEnvelope whose artifacts list the stored content.',
  ),
  requirement(
    'gw.4.2.tool-view',
    '§4.2',
    'MUST',
    'tool_view(handle, selector) reads back part of an artifact listed by tool_execute.',
  ),
  requirement(
    'gw.4.2.view-failed',
    '§4.2; §3.4',
    'MUST',
    'tool_view with an unknown handle or selector answers VIEW_FAILED.',
  ),
  // §4.4, §4.5 Opt-in controls: checked on a target that declares them on
  // (settings.gatewayControls); the spec states them as fixed behaviour ("never", "returns").
  requirement(
    'gw.4.4.tolerant-args',
    '§4.4',
    'MUST',
    'With tolerant arguments on, the fixed rules repair arguments only where the schema type asks, and provenance.arg_repairs records each repair.',
  ),
  requirement(
    'gw.4.5.cache-hit',
    '§4.5',
    'MUST',
    'With the read-only cache on, an identical call (argument order aside) of a cached tool comes from the cache, marked provenance.cache_hit true.',
  ),
  requirement(
    'gw.4.5.cache-mutating',
    '§4.5',
    'MUST',
    'A mutating tool is never served from the result cache.',
  ),
  requirement(
    'gw.4.5.dry-run',
    '§4.5',
    'MUST',
    'tool_execute with dry_run answers a report (dry_run, tool_id, args_valid, annotations stamped verified: false, checks) instead of a result.',
  ),
  {
    ...requirement(
      'gw.4.5.dry-run-invalid-args',
      '§4.5',
      'MUST',
      'A dry run with arguments that break the schema answers ARGS_INVALID, like a real call.',
    ),
    phrase: 'invalid arguments still return the same ARGS_INVALID as a real call',
  },
  requirement(
    'gw.4.5.dry-run-no-quota',
    '§4.5',
    'MUST',
    'A dry run never consumes rate-limit quota.',
  ),
  requirement(
    'gw.4.5.rate-limited',
    '§4.5; §3.4',
    'MUST',
    'A call beyond a per-session rate limit answers RATE_LIMITED, retryable, with details.scope and details.retry_after, and is not dispatched.',
  ),
  // §5 Cache-stable browsing: checked in a fresh session of a target that declares it on.
  requirement(
    'gw.5.1.seen-first',
    '§5.1',
    'MUST',
    'With cache-stable browsing on, a browse lists the cards seen earlier in the session first, then the new ones, each part by ascending id.',
  ),
  requirement(
    'gw.5.1.frozen-cards',
    '§5.1; §5.2',
    'MUST',
    'A card seen earlier in the session comes back byte for byte as first seen, score included, under any query; a repeated browse repeats its bytes.',
  ),
  requirement(
    'gw.5.3.breakpoint',
    '§5.1; §5.3',
    'MUST',
    'One internal __cache_breakpoint__ card separates seen from new cards when both are present; none appears on a first, an all-seen or an all-new browse.',
  ),
  requirement(
    'gw.5.5.hydration',
    '§5.1; §5.5',
    'MUST',
    'A tool run through tool_execute counts as seen in later browses; an id whose hydration failed (HYDRATE_FAILED) does not.',
  ),
  // §9 Resources and prompts.
  requirement(
    'gw.9.4.advertised',
    '§9.4; §9.5',
    'MUST',
    'resource_browse and resource_read are listed together, and only when browsing finds resources; likewise prompt_browse and prompt_get; a target whose upstreams offer them lists them.',
  ),
  requirement(
    'gw.9.1.primitive-ids',
    '§9.1; §9.4',
    'MUST',
    'Resource and prompt cards have ids resource::<tool_id> and prompt::<tool_id> (a §1.1 body with version or hash8, optionally a ~N key), their own kind, the body namespace and no side effects; a browse never mixes kinds.',
  ),
  requirement(
    'gw.9.3.collision-keys',
    '§9.3',
    'MUST',
    'Resource and prompt ids are unique: an id two primitives share stays bare once and the others get ~N keys (N ≥ 2), which read like any id.',
  ),
  requirement(
    'gw.9.4.browse',
    '§9.4; §3.1',
    'MUST',
    'resource_browse and prompt_browse take exactly one of query and path (else ARGS_INVALID) and answer at most top_k cards of their kind for a query.',
  ),
  requirement(
    'gw.9.4.resource-read',
    '§9.4',
    'MUST',
    'resource_read(resource_id) of a card answers a ResultEnvelope; an unknown id answers RESOURCE_NOT_FOUND, a malformed one ARGS_INVALID.',
  ),
  requirement(
    'gw.9.4.firewalled-read',
    '§9.4',
    'MUST',
    'A large resource read comes back through the context firewall: a smaller envelope whose artifacts tool_view reads.',
  ),
  requirement(
    'gw.9.4.prompt-get',
    '§9.4',
    'MUST',
    'prompt_get(prompt_id, args) answers the rendered prompt as a ResultEnvelope; an unknown id answers PROMPT_NOT_FOUND.',
  ),
  requirement(
    'gw.9.4.prompt-args',
    '§9.4',
    'MUST',
    "prompt_get with arguments that break the prompt's argument list (missing, unknown, not strings, not an object) answers ARGS_INVALID and renders nothing.",
  ),
  // Checked against a probe upstream the gateway is configured with
  // (settings.gateway.probeUpstreams): its tools are known, and it records what reaches it.
  {
    ...requirement(
      'gw.1.3.hash8',
      '§1.3',
      'MUST',
      'A tool id without a version ends in the hash8 of §1.3: SHA-256 over the upstream name, a newline and the sorted top-level property and required names.',
    ),
    phrase: 'adapters must emit hash8, computed over the upstream name and the schema shape',
  },
  {
    ...requirement(
      'gw.2.3.no-silent-drop',
      '§2.3',
      'MUST',
      'The card builder never drops a field to meet the token budget; only the description is cut.',
    ),
    phrase: 'must not silently drop fields to meet budget',
  },
  {
    // The five steps of §2.4 are stated as fact; step 5 carries the MUST.
    ...requirement(
      'gw.2.4.truncation',
      '§2.4; §4.1',
      'MUST',
      'A description above the budget is cut to its longest prefix ending in ".", "!" or "?", else hard-cut with "…" appended; a card and a proxy stub alike.',
    ),
    phrase: 'truncation is sentence-boundary-aware, else a hard cut with an ellipsis',
  },
  {
    ...requirement(
      'gw.4.4.not-reaching-upstream',
      '§4.4',
      'MUST',
      'Arguments that fail validation never reach the upstream server.',
    ),
    phrase: 'validation errors must not reach the upstream',
  },
  {
    ...requirement(
      'gw.4.5.retry',
      '§4.5',
      'MUST',
      'A tool-level error result (isError) is dispatched upstream exactly once, never retried.',
    ),
    phrase: 'tool-level error results dispatch exactly once',
    note: 'Partial: the single dispatch of a tool-level error is observed at the probe upstream; which transport failures a retry policy retries would need an upstream that fails at the transport level on demand.',
  },
  {
    ...requirement(
      'gw.4.5.errors-not-cached',
      '§4.5',
      'MUST',
      'Error results are never served from the result cache: two identical calls of a cacheable tool that answers an error both reach the upstream.',
    ),
    phrase: 'error results are never cached',
    note: 'Observed at a probe upstream whose read-only tools the cache keeps (a repeated probe_brief reaches it once); with the cache off for them, the check skips.',
  },
  {
    ...requirement(
      'gw.3.4.upstream-taxonomy',
      '§3.4 (Upstream-error taxonomy)',
      'MUST',
      'Upstream failures are classified: UPSTREAM_TIMEOUT, UPSTREAM_UNAVAILABLE, AUTH_FAILED, PERMISSION_DENIED, RATE_LIMITED, else UPSTREAM_ERROR, retryable for the transient ones.',
    ),
    phrase: 'failures from the wrapped server are classified',
    note: 'Partial: a protocol error of a probe upstream must answer one of the upstream codes; timeouts, vanished upstreams and refused credentials cannot be caused on demand by a client.',
  },
  {
    ...requirement(
      'gw.4.4.schema-invalid',
      '§4.4; §3.4',
      'MUST',
      'A tool whose upstream schema fails meta-validation answers SCHEMA_INVALID at execute time, not ARGS_INVALID.',
    ),
    phrase: 'a schema that fails meta-validation surfaces as SCHEMA_INVALID',
  },
];
