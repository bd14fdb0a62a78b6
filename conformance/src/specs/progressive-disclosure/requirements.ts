/**
 * The requirements of the `progressive-disclosure` spec: the MCP extension "Progressive
 * Disclosure for Tool Descriptions" v2.1, at the level its own words give each statement.
 *
 * Each §9 conformance criterion and each other MUST or SHOULD has one id. A statement made in
 * several places (the §2 summary, the §9 list and the detailed section) has one id, named after
 * the detailed section, and its `section` lists every place. Statements without an RFC 2119
 * keyword (the "Recommendations" and "Mitigations" of §10) are not requirements, except where
 * they restate one (§10.1 restates §5.3).
 *
 * @module
 */

import type { Requirement } from '../../requirement.js';

/** The source document these requirements cite. */
export const PROGRESSIVE_DISCLOSURE_SPEC = 'progressive-disclosure-2.1';

function requirement(
  id: string,
  section: string,
  level: Requirement['level'],
  summary: string,
): Requirement {
  return { id, spec: PROGRESSIVE_DISCLOSURE_SPEC, section, level, summary };
}

/** Every requirement of `progressive-disclosure`, in report order. */
export const progressiveDisclosureRequirements: readonly Requirement[] = [
  // §3.1 Stage 1
  requirement(
    'pd.3.1.minimal-descriptions',
    '§3.1; §2 (two-stage pattern); §9 item 1',
    'MUST',
    'tools/list gives each tool a description no longer than its full one, and the listing is smaller than the full descriptions.',
  ),
  requirement(
    'pd.3.1.selection-complete',
    '§3.1',
    'MUST',
    'Every listed tool has a non-empty description that says more than its name, enough to choose the tool.',
  ),
  {
    ...requirement(
      'pd.3.1.purpose',
      '§3.1',
      'SHOULD',
      'Each listed description is a phrase of at least three words stating what the tool is for.',
    ),
    note: 'Partial: a phrase of three words is the observable bound; whether it states the purpose and primary use cases needs a reader.',
  },
  requirement(
    'pd.3.1.no-details',
    '§3.1',
    'MUST',
    'Listed tools carry no detailed parameter schemas, no examples and no usage instructions.',
  ),
  requirement(
    'pd.3.1.simplified-schema',
    '§3.1',
    'MAY',
    'The listed input schema may be left out or reduced to an open object schema.',
  ),
  // §3.2 Stage 2
  requirement(
    'pd.3.2.complete-schema',
    '§3.2',
    'MUST',
    'Each full description carries the complete input schema: a valid object schema, not the open stage-1 one, with every property stage 1 names.',
  ),
  requirement(
    'pd.3.2.examples',
    '§3.2; §4.4',
    'SHOULD',
    'Full descriptions carry usage examples, each a valid call of the tool input schema.',
  ),
  requirement(
    'pd.3.2.error-guidance',
    '§3.2; §4.4',
    'SHOULD',
    'Full descriptions carry error handling guidance, a non-empty error_guidance.',
  ),
  // §4.1, §4.2 The resource and its description
  requirement(
    'pd.4.1.resource-listed',
    '§4.1; §2; §3.2; §9 item 2',
    'MUST',
    'resources/list lists the tool_descriptions resource with its URI.',
  ),
  requirement(
    'pd.4.1.resource-name',
    '§4.1',
    'MUST',
    'The name (or title) of the resource says that it holds tool descriptions.',
  ),
  requirement(
    'pd.4.1.mime-type',
    '§4.1',
    'SHOULD',
    'The listed resource has the MIME type application/json.',
  ),
  requirement(
    'pd.4.2.workflow-explained',
    '§4.1; §4.2',
    'MUST',
    'The resource description ties it to tools/list, says to fetch before calling, gives the tools= syntax and what happens otherwise.',
  ),
  requirement(
    'pd.4.2.sequential-steps',
    '§4.2',
    'SHOULD',
    'The resource description lays the workflow out as ordered steps.',
  ),
  requirement(
    'pd.4.2.selection-vs-parameters',
    '§4.2',
    'SHOULD',
    'The resource description separates choosing a tool (tools/list) from learning its parameters (the resource).',
  ),
  requirement(
    'pd.4.2.uri-example',
    '§4.2',
    'SHOULD',
    'The resource description shows a concrete URI with a tools query parameter.',
  ),
  requirement(
    'pd.4.2.session-authorization',
    '§4.2',
    'SHOULD',
    'The resource description says that fetching a description authorizes the tool for the session.',
  ),
  // §4.3, §4.4 Reading the resource
  requirement(
    'pd.4.3.tools-parameter',
    '§4.3; §3.2; §9 item 3',
    'MUST',
    'Reading the resource with ?tools=NAME returns the description of that tool.',
  ),
  requirement(
    'pd.4.3.comma-separated',
    '§4.3',
    'MUST',
    'A read with ?tools=A,B returns the descriptions of both tools.',
  ),
  requirement(
    'pd.4.3.exact-names',
    '§4.3',
    'MUST',
    'Names match exactly as listed: a name in another letter case gets no tool description.',
  ),
  requirement(
    'pd.4.4.full-descriptions',
    '§4.4; §9 item 4',
    'MUST',
    'A read maps each requested tool name to an object with that name, a description and an input schema.',
  ),
  requirement(
    'pd.4.4.only-requested',
    '§4.4',
    'MUST',
    'A read contains the requested tools and no others.',
  ),
  requirement(
    'pd.4.4.no-preamble',
    '§4.4',
    'MUST',
    'A read returns the JSON object alone, with no instructional text around or beside it.',
  ),
  requirement(
    'pd.4.4.dynamic',
    '§4.4',
    'SHOULD',
    'Reads are assembled per request: different selections get different answers.',
  ),
  // §5 Session-based authorization
  requirement(
    'pd.5.1.ungranted-call-refused',
    '§5.1 item 2; §2; §9 items 6 and 7',
    'MUST',
    'Calling a listed tool before reading its description in the session fails with TOOL_DESCRIPTION_REQUIRED.',
  ),
  requirement(
    'pd.5.1.grant-on-read',
    '§5.1 item 1',
    'MUST',
    'Reading the description of a tool authorizes that tool, and only that tool, in the current session.',
  ),
  requirement(
    'pd.5.1.grant-persists',
    '§5.1 item 3',
    'MUST',
    'An authorization lasts for the session: later calls after one read are not refused.',
  ),
  requirement(
    'pd.5.1.session-isolation',
    '§5.1 item 4; §5.2; §9 item 8',
    'MUST',
    'A grant in one MCP session does not authorize the tool in another open session (a second HTTP session, or a second stdio process).',
  ),
  {
    ...requirement(
      'pd.5.2.session-lifecycle',
      '§5.2',
      'MUST',
      'Grants end with their session: a session opened after another one closed starts without its grants.',
    ),
    note: 'The session is the 2025 MCP session (HTTP) or the connection (stdio); the 2026-07-28 revision has none, and the grants are checked per caller as this project documents it (docs/protocol-eras.md: the bearer principal, one anonymous scope for callers without a token), with distinct callers the target names (--pd-caller). Which identifier a server stores grants under is inferred from the calls it refuses or serves, not read.',
  },
  requirement(
    'pd.5.2.stale-session-cleanup',
    '§5.2',
    'MAY',
    'The grants of stale sessions may be dropped after a timeout.',
  ),
  {
    ...requirement(
      'pd.5.3.no-access-beyond-listing',
      '§5.3; §10.1',
      'MUST',
      'Reading never opens a tool that tools/list does not show: no description is served for it and calling it still fails.',
    ),
    note: 'Without credentials only the listing layer shows; pd.5.3.primary-authorization exercises a second caller the deployment restricts.',
  },
  requirement(
    'pd.5.3.primary-authorization',
    '§5.3; §10.1',
    'MUST',
    "A tool the caller's own authorization hides from its tools/list stays uncallable for that caller after it reads the tool's description: every layer must pass.",
  ),
  {
    ...requirement(
      'pd.5.3.runtime-layer',
      '§5.3 item 3',
      'MUST',
      'A call that the runtime layer refuses (a rate limit, a missing scope) fails even when its description was read.',
    ),
    unobservable:
      "runtime limits and scopes are the deployment's own: a client cannot know which call one of them refuses, so it cannot provoke the refusal.",
  },
  // §6 Errors
  requirement(
    'pd.6.1.missing-tool-selection',
    '§6.1; §4.3; §9 item 5',
    'MUST',
    'Reading the resource without a tools parameter returns MISSING_TOOL_SELECTION with a message and example URIs.',
  ),
  requirement(
    'pd.6.2.required-error-shape',
    '§6.2',
    'MUST',
    'The TOOL_DESCRIPTION_REQUIRED error has a message and a resource_uri that names the refused tool.',
  ),
  requirement(
    'pd.6.3.tool-not-found',
    '§6.3',
    'SHOULD',
    'An unknown name in a read gets an entry with an error naming it and the available tools.',
  ),
  // §7 Storage, §8 guidance
  {
    ...requirement(
      'pd.7.1.file-per-tool',
      '§7.1',
      'SHOULD',
      'The server keeps each full description in a file of its own.',
    ),
    unobservable: 'how a server stores its descriptions never shows in what it answers.',
  },
  {
    ...requirement(
      'pd.7.2.reload-on-change',
      '§7.2',
      'SHOULD',
      'In development, the server reloads descriptions when their files change.',
    ),
    unobservable:
      'a client cannot edit the description files of a server, so it cannot see a reload.',
  },
  requirement(
    'pd.8.2.system-prompt-guidance',
    '§8.2; §2',
    'SHOULD',
    'Guidance the server gives agents (its instructions) covers the two stages, selection by short descriptions, naming tools in reads, and the syntax.',
  ),
];
