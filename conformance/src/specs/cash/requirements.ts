/**
 * The requirements of the `cash` spec: "The CaSH Model for MCP Server Design" (cash-rfc 0.1.1),
 * at the level its own words give each statement, and the ARCHITECTURE.md decisions that fill
 * the RFC text our copy lost (the "Behavior" lists of §4.1 and §4.3).
 *
 * Every MUST and SHOULD a server (or an aggregator, seen as a server) owes its clients has one
 * id; a statement the RFC repeats (§6.2 restating §6.1) has one id whose `section` names both.
 * The ARCHITECTURE.md decisions are this project's choices, not the RFC's: they sit in the
 * `x-profile` profile (run for our apps, left out for other servers unless asked), at SHOULD.
 * Two of them ask for error codes, which §4.4 leaves to the implementation.
 *
 * The §5.4.2 duties of dynamic aggregation are listed, marked unobservable: they concern how an
 * aggregator fetches manifests from hosts it was configured with, not what it answers (the tests
 * of `packages/cash` cover them in process). Not in this catalog at all:
 * - §5.4.1 "static aggregation is RECOMMENDED for production": advice to operators.
 * - The MAY statements (a function doc giving a subset of the parameters, §4.2 and §6.1 Leaf+1;
 *   notes on ignored arguments; other help formats): permissions, which no server can break.
 *   The MUST that goes with the subset, its extra keyword arguments named in the base help()
 *   answer, is `cash.4.2.kwargs-documented`.
 * - §5.6 "MCP hosts MUST NOT treat cash://server as a user-facing data resource": a duty of
 *   hosts, not servers.
 *
 * @module
 */

import { type Requirement, X_PROFILE } from '../../requirement.js';

/** The RFC these requirements cite. */
export const CASH_RFC = 'cash-rfc-0.1.1';

/** The design document whose CaSH decisions fill the RFC's lost text. */
export const ARCHITECTURE = 'x-architecture';

function rfc(
  id: string,
  section: string,
  level: Requirement['level'],
  summary: string,
): Requirement {
  return { id, spec: CASH_RFC, section, level, summary };
}

function decision(id: string, section: string, summary: string): Requirement {
  return { id, spec: ARCHITECTURE, section, level: 'SHOULD', summary, profile: X_PROFILE };
}

/** The two §5.3 statements on kwargs keys disagree; the catalog follows the weaker one. */
const KWARGS_KEYS_NOTE =
  'cash-rfc §5.3 contradicts itself: "all identifiers" MUST be normalized and use [A-Za-z0-9_] (its example counts kwargs keys as identifiers), yet servers only SHOULD normalize kwargs keys; the weaker reading, SHOULD, is followed.';

/** Every requirement of `cash`, in report order. */
export const cashRequirements: readonly Requirement[] = [
  // §4 The primitives
  rfc(
    'cash.4.three-tools',
    '§4; §4.1, §4.2, §4.3 (Parameters)',
    'MUST',
    'tools/list has call, help and skill, with the namespace/function/kwargs (call, help) and namespace/skillname/kwargs (skill) parameters.',
  ),
  rfc(
    'cash.4.no-extra-tools',
    '§4; Abstract',
    'SHOULD',
    'tools/list has no tool besides call, help and skill.',
  ),
  decision(
    'cash.4.1.invalid-arguments',
    'Decisions: CaSH (fills cash-rfc §4.1 Behavior)',
    'A call missing a required parameter is an error with code INVALID_ARGUMENTS that points at help(namespace, function).',
  ),
  // §4.2 help
  rfc(
    'cash.4.2.markdown-default',
    '§4.2 (Response)',
    'SHOULD',
    'help() without a format argument answers markdown, not JSON.',
  ),
  rfc(
    'cash.4.2.unknown-kwargs-tolerated',
    '§4.2 (Additional keyword arguments)',
    'MUST',
    'help with a keyword argument it does not know still answers, with the same entries, and no error.',
  ),
  rfc(
    'cash.4.2.unknown-kwargs-ignored',
    '§4.2 (Additional keyword arguments)',
    'SHOULD',
    'An unknown help keyword argument changes nothing but, at most, a note naming it.',
  ),
  rfc(
    'cash.4.2.kwargs-documented',
    '§4.2 (help table, help(namespace, function) row; Additional keyword arguments); §6.1 Leaf+1',
    'MUST',
    'Every extra help keyword argument the server advertises or acts on (format, examples, params, ...) is named in the base help() answer.',
  ),
  rfc(
    'cash.4.2.extension-kwargs-documented',
    '§4.2 (Additional keyword arguments); §5.5',
    'MUST',
    'A server whose manifest declares the x-help-query extension names its arguments query and offset in the base help() answer.',
  ),
  {
    ...rfc(
      'cash.4.2.function-doc',
      '§4 (help: what functions accept); §4.2 (help table; Response); §6.1 Leaf+1',
      'SHOULD',
      'help(namespace, function) of a listed function answers its documentation, and the docs say what the functions accept: parameters (a table, a list under a parameters heading, or JSON), or that a function takes none.',
    ),
    phrase:
      'the answer should clearly give what its level asks for; a function doc, what it accepts',
    note: 'A doc may give a subset of the parameters (§6.1 Leaf+1 MAY), so one doc that lists none is not judged; docs that all stay silent are.',
  },
  rfc(
    'cash.4.2.flat-root',
    '§4.2 (Root namespace)',
    'SHOULD',
    'The root namespace does not hold both functions and sub-namespaces.',
  ),
  rfc(
    'cash.4.2.shallow-hierarchy',
    '§4.2 (Hierarchical namespaces)',
    'SHOULD',
    'Namespace paths are at most three levels deep.',
  ),
  rfc(
    'cash.4.2.distinguishes-kinds',
    '§4.2 (Response)',
    'SHOULD',
    'A listing that holds both sub-namespaces and functions says which entry is which.',
  ),
  rfc(
    'cash.4.2.no-skill-references',
    '§4.2 (help responses SHOULD NOT include references to skills)',
    'SHOULD',
    'No help answer mentions a skill, the skill tool or a listed skill name.',
  ),
  // §4.3 skill
  decision(
    'cash.4.3.skill-listing',
    'Decisions: CaSH (fills cash-rfc §4.3 Behavior; Appendix A Layer 0)',
    'skill() without a name lists the skills, and each listed skill can be fetched by the namespace and name it is listed under.',
  ),
  rfc(
    'cash.4.3.text-only',
    '§4.3 (Relationship to Agent Skills; Response)',
    'MUST',
    'A skill answer is text only: no non-text content, no script blocks, no shebang, no fenced code in a programming language.',
  ),
  rfc(
    'cash.4.3.instructions',
    '§4.3 (Response)',
    'SHOULD',
    'A skill answer is natural-language instructions, not a data structure.',
  ),
  decision(
    'cash.4.3.placeholders',
    'Decisions: CaSH (fills cash-rfc §4.3 Behavior)',
    'skill kwargs fill the {{placeholders}} of the skill text.',
  ),
  // §4.4 Errors
  rfc(
    'cash.4.4.errors-via-mcp',
    '§4.4',
    'MUST',
    'Unknown namespaces, functions and skills, and gated responses, are reported as MCP errors (isError results or JSON-RPC errors).',
  ),
  decision(
    'cash.4.4.unknown-name-guidance',
    'Decisions: CaSH (unknown namespace, function or skill)',
    'An unknown-name error is one line with code UNKNOWN_NAMESPACE, UNKNOWN_FUNCTION or UNKNOWN_SKILL, names the help or skill call to make, and names the nearest valid name.',
  ),
  // §5 Names
  rfc(
    'cash.5.1.label-charset',
    '§5.1; §5.2',
    'MUST',
    'Every namespace label is letters, digits and underscores only (no hyphen, dot or space within a label).',
  ),
  rfc(
    'cash.5.1.namespace-normalized',
    '§5.1 (Normalization)',
    'MUST',
    'A namespace spelled with other case and underscores reaches the same namespace, in help and in call.',
  ),
  rfc(
    'cash.5.1.no-colliding-labels',
    '§5.1 (Normalization); §5.3',
    'MUST',
    'No listing has two entries of one kind whose names normalize to the same form.',
  ),
  rfc(
    'cash.5.3.identifier-charset',
    '§5.3',
    'MUST',
    'Every function name and skill name is letters, digits and underscores only.',
  ),
  rfc(
    'cash.5.3.identifier-normalized',
    '§5.3; Appendix A Layer 2',
    'MUST',
    'Function and skill names spelled with other case and underscores reach the same function or skill.',
  ),
  {
    ...rfc(
      'cash.5.3.kwargs-keys-normalized',
      '§5.3',
      'SHOULD',
      'A kwargs key spelled with other case and underscores is matched to its parameter.',
    ),
    phrase: 'servers should normalize kwargs keys before matching',
    note: KWARGS_KEYS_NOTE,
  },
  {
    ...rfc(
      'cash.5.3.kwargs-keys-charset',
      '§5.3',
      'SHOULD',
      'Every kwargs key that help(namespace, function) documents is letters, digits and underscores only.',
    ),
    phrase: 'identifiers, kwargs keys among them, are alphanumerics and underscores',
    note: KWARGS_KEYS_NOTE,
  },
  rfc(
    'cash.5.3.expressive-names',
    '§5.3',
    'SHOULD',
    'A root-namespace function is not named with a bare generic verb (get, list, ...): with no namespace to name the object, the name must.',
  ),
  // §5.4 Aggregation
  rfc(
    'cash.5.4.aggregator-tools',
    '§5.4',
    'MUST',
    'An aggregator has the call, help and skill tools.',
  ),
  rfc(
    'cash.5.4.merged-help',
    '§5.4',
    'MUST',
    "An aggregator's help() lists the namespace of every upstream.",
  ),
  {
    ...rfc(
      'cash.5.4.routes-calls',
      '§5.4',
      'MUST',
      "A call into an upstream's namespace reaches a function of that upstream, not an unknown-name error.",
    ),
    note: 'Only the answer is seen here; cash.5.4.routes-observed sees the call arrive at the right upstream when the aggregator is configured with probe upstreams.',
  },
  {
    ...rfc(
      'cash.5.4.routes-observed',
      '§5.4',
      'MUST',
      'A call into a namespace reaches the upstream registered under it, once, with its function name and kwargs, and no other upstream.',
    ),
    phrase: 'route call(namespace, function, kwargs) to the appropriate underlying server',
  },
  {
    ...rfc(
      'cash.5.4.merged-skills',
      '§5.4',
      'MUST',
      "An aggregator's skills are listed under their upstream's namespace, without two entries of one namespace and name, and each can be fetched.",
    ),
    note: 'A skill probe upstream (x-conformance-probe-upstream --cash, settings.cash.skillProbeUpstreams) offers a known skill, which must be listed under its label and fetched; without one, an aggregator listing no skill skips, since it cannot be told from one whose upstreams offer none.',
  },
  rfc(
    'cash.5.4.unique-labels',
    '§5.4',
    'MUST',
    "An aggregator's top-level labels are unique, and each upstream label appears once.",
  ),
  // §5.4.2 Dynamic aggregation: no client sees how an aggregator fetches manifests.
  {
    ...rfc(
      'cash.5.4.2.https-manifests',
      '§5.4.2',
      'MUST',
      'A dynamic aggregator fetches upstream manifests over HTTPS only.',
    ),
    unobservable: 'the fetch happens between the aggregator and its upstream hosts.',
  },
  {
    ...rfc(
      'cash.5.4.2.endpoint-host',
      '§5.4.2',
      'MUST',
      'A dynamic aggregator accepts a manifest only when its endpoint matches the host it came from, or the operator trusts it.',
    ),
    unobservable:
      'needs an upstream host serving a mismatched manifest, which only the operator can configure.',
  },
  {
    ...rfc(
      'cash.5.4.2.cache-ttl',
      '§5.4.2',
      'MUST',
      'A dynamic aggregator refreshes a manifest no sooner than its cache_ttl.',
    ),
    unobservable: 'refreshes are requests to the upstream host, which a client never sees.',
  },
  {
    ...rfc(
      'cash.5.4.2.unavailable-visible',
      '§5.4.2',
      'SHOULD',
      'A namespace whose manifest fetch failed stays in help() marked available: false.',
    ),
    unobservable:
      'needs an upstream that fails on demand; a client cannot make a configured upstream fail.',
  },
  // §5.5, §5.6 Manifest and identity
  rfc(
    'cash.5.5.manifest-published',
    '§5.5',
    'SHOULD',
    'Over HTTP, GET /.well-known/cash-mcp.yaml answers the manifest.',
  ),
  rfc(
    'cash.5.5.manifest-content-type',
    '§5.5',
    'MUST',
    'The well-known manifest is served with Content-Type application/yaml.',
  ),
  rfc(
    'cash.5.5.manifest-schema',
    '§5.5 (Manifest Schema)',
    'MUST',
    'The manifest has every REQUIRED field with its type: cash_version, last_updated, publisher, endpoint, at least one namespace; optional blocks well formed.',
  ),
  rfc(
    'cash.5.6.server-resource',
    '§5.6',
    'SHOULD',
    'resources/list has cash://server, and reading it works.',
  ),
  rfc(
    'cash.5.6.server-resource-json',
    '§5.6',
    'MUST',
    'cash://server reads as the manifest in JSON: a JSON object, equal to the well-known manifest when both are served.',
  ),
  // §6 Progressive disclosure
  rfc(
    'cash.6.1.index-entries',
    '§4.2 (one descriptive line per entry); §6.1 Layer 0',
    'SHOULD',
    'Each help() entry is a name and one non-empty descriptive line, with nothing nested under it and no table.',
  ),
  {
    ...rfc(
      'cash.6.1.index-no-parameters',
      '§6.1 Layer 0',
      'SHOULD',
      'help() entries carry no parameter information: no signatures, typed parameters or parameter tables.',
    ),
    phrase: 'an index entry should not hold parameter information',
  },
  rfc(
    'cash.6.2.index-no-function-lists',
    '§6.1 Layer 0; §6.2',
    'MUST',
    'help() does not list the functions of a namespace.',
  ),
  rfc(
    'cash.6.1.namespace-entries',
    '§4.2 (one descriptive line per entry); §6.1 Layer N',
    'SHOULD',
    'Each help(namespace) entry is a name and one non-empty descriptive line, with nothing nested under it.',
  ),
  rfc(
    'cash.6.2.namespace-no-parameters',
    '§6.1 Layer N; §6.2',
    'MUST',
    'help(namespace) carries no signatures or parameter detail: no parameter table, no argument lists, no typed parameters.',
  ),
  {
    ...rfc(
      'cash.6.1.function-doc-one-function',
      '§4.2 (no more information than requested); §6.1 Leaf+1',
      'SHOULD',
      'help(namespace, function) documents that one function, not the other functions of its namespace.',
    ),
    phrase: 'no more than requested at each level; the function layer documents one function',
  },
  rfc(
    'cash.6.1.query-listing',
    '§4.2 (one descriptive line per entry); §6.1 Layer N',
    'SHOULD',
    'With x-help-query declared, help(namespace, kwargs={"query": <a listed function>}) answers a listing of that namespace\'s own entries, one line each, that holds the function.',
  ),
  // §7 Output size gating
  rfc(
    'cash.7.2.gate-enforced',
    '§7.2; §7.3',
    'MUST',
    'A call whose response exceeds the gate threshold (10,000 characters, or the one help() advertises) does not return it.',
  ),
  rfc(
    'cash.7.2.gated-notice',
    '§7.2 item 1',
    'MUST',
    'A gated response says that it was gated for its size.',
  ),
  rfc(
    'cash.7.2.gated-summary',
    '§7.2 item 2',
    'MUST',
    'A gated response gives a count or summary of the withheld result.',
  ),
  rfc(
    'cash.7.2.suggested-limit',
    '§7.2 item 3',
    'MUST',
    'A gated response suggests a sizelimit above the limit that gated it.',
  ),
  rfc(
    'cash.7.2.suggested-limit-works',
    '§7.2 item 3',
    'SHOULD',
    'Calling again with the suggested sizelimit returns the full response.',
  ),
  {
    ...rfc(
      'cash.7.2.suggested-margin',
      '§7.2 item 3',
      'SHOULD',
      'The suggested sizelimit is at least 1% above the size of the full response.',
    ),
    phrase: 'the suggested limit should include a reasonable margin',
  },
  rfc(
    'cash.7.2.narrow-directive',
    '§7.2 item 4',
    'MUST',
    'A gated response tells the model to narrow the query (filters, smaller pages).',
  ),
  rfc(
    'cash.7.2.full-when-accommodated',
    '§7.2',
    'MUST',
    'A call with a sizelimit that accommodates the response returns it in full.',
  ),
  rfc(
    'cash.7.2.write-not-repeated',
    '§7.2 item 3',
    'SHOULD',
    'A write answered as an error has changed nothing, and calling again with the sizelimit an answer suggests does not repeat a change that happened (the suggested limit retrieves the response, it does not redo the work).',
  ),
  rfc(
    'cash.7.2.gate-precision',
    '§7.2',
    'SHOULD',
    'A response 8% above the limit in effect is gated (gating within a few percent).',
  ),
  rfc(
    'cash.7.3.sizelimit-parameter',
    '§7.3; §4.1 (Parameters)',
    'SHOULD',
    "call's input schema has an integer sizelimit parameter.",
  ),
  rfc(
    'cash.7.3.threshold-advertised',
    '§7.3',
    'MUST',
    'A server that gates above 10,000 characters names its threshold in help().',
  ),
];
