/**
 * The defects of the progressive-disclosure fixture (`test/fixtures/progressive-disclosure/
 * pd-server.mjs --defect NAME`), each breaking one requirement, and the failure it causes (in the
 * 2026-07-28 era `modernFailure` when it differs). By default one fixture process over
 * Streamable HTTP serves every defect (`?defect=NAME`), checked in both eras: a session per
 * check in 2025, a caller in 2026-07-28; `stdio` starts a process per session, the processes
 * sharing one grants file.
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `progressive-disclosure`. */
export const progressiveDisclosureDefects: DefectTable = {
  fixture: 'test/fixtures/progressive-disclosure/pd-server.mjs',
  defects: [
    {
      requirement: 'pd.3.1.minimal-descriptions',
      defect: 'full-listing',
      failure:
        /^tools\/list descriptions and schemas take (\d+) characters, not fewer than the full descriptions' \1$/,
    },
    {
      requirement: 'pd.3.1.selection-complete',
      defect: 'no-summary',
      failure: /^"notes_search" has no description$/,
    },
    {
      requirement: 'pd.3.1.purpose',
      defect: 'terse-summary',
      failure: /^descriptions of fewer than 3 words: "notes_search" "Finds notes\."; "notes\.read"/,
    },
    {
      requirement: 'pd.3.1.no-details',
      defect: 'full-listing',
      failure:
        /^"notes_search" carries examples, usage_guidance, error_guidance; "notes_search" documents its parameters in inputSchema; "notes_search" lists its complete input schema;/,
    },
    {
      requirement: 'pd.3.2.complete-schema',
      defect: 'placeholder-schema',
      failure: /^"notes_search" inputSchema is the open stage-1 schema;/,
    },
    {
      requirement: 'pd.3.2.examples',
      defect: 'bad-examples',
      failure: /^"notes_search" example 1 is not a valid call: \/query must be string;/,
    },
    {
      requirement: 'pd.3.2.error-guidance',
      defect: 'empty-error-guidance',
      failure:
        /^error_guidance is empty or not an object: "notes_search"; "notes\.read"; "tasks_complete"$/,
    },
    {
      requirement: 'pd.3.2.examples',
      defect: 'no-examples',
      failure: /^none of 3 full descriptions has usage examples$/,
    },
    {
      requirement: 'pd.3.2.error-guidance',
      defect: 'no-error-guidance',
      failure: /^none of 3 full descriptions has error_guidance$/,
    },
    {
      requirement: 'pd.4.1.resource-listed',
      defect: 'template-only',
      failure:
        /^resources\/list does not list the resource; only the template resource:\/\/\/tool_descriptions\{\?tools\} names it$/,
    },
    {
      requirement: 'pd.4.1.resource-name',
      defect: 'vague-name',
      failure: /^neither name nor title says "tool descriptions": "docs"$/,
    },
    {
      requirement: 'pd.4.1.mime-type',
      defect: 'text-mime',
      failure: /^mimeType is "text\/plain", not application\/json$/,
    },
    {
      requirement: 'pd.4.2.workflow-explained',
      defect: 'no-workflow',
      failure:
        /^the description does not explain its relation to tools\/list; that descriptions are fetched before calling; the tools query parameter syntax; what happens to a call made without fetching: "Tool documentation\."$/,
    },
    {
      requirement: 'pd.4.2.sequential-steps',
      defect: 'minimal-workflow',
      failure: /^the description does not show ordered steps: "Holds the full descriptions/,
    },
    {
      requirement: 'pd.4.2.selection-vs-parameters',
      defect: 'minimal-workflow',
      failure:
        /^the description does not show choosing in tools\/list apart from learning parameters/,
    },
    {
      requirement: 'pd.4.2.uri-example',
      defect: 'minimal-workflow',
      failure: /^the description does not show a concrete URI with \?tools=/,
    },
    {
      requirement: 'pd.4.2.session-authorization',
      defect: 'minimal-workflow',
      failure: /^the description does not show that fetching authorizes the tool for the session/,
    },
    {
      requirement: 'pd.4.3.tools-parameter',
      defect: 'no-query',
      failure:
        /^the read of resource:\/\/\/tool_descriptions\?tools=notes_search failed: -3260[02] .*not found/i,
    },
    {
      requirement: 'pd.4.3.comma-separated',
      defect: 'no-comma',
      failure:
        /^resource:\/\/\/tool_descriptions\?tools=notes_search,notes\.read returned no description of "notes_search", "notes\.read"$/,
    },
    {
      requirement: 'pd.4.3.exact-names',
      defect: 'any-case',
      failure:
        /\?tools=NOTES_SEARCH returned the description of "notes_search" under "notes_search"$/,
    },
    {
      requirement: 'pd.4.4.full-descriptions',
      defect: 'bare-entries',
      failure: /^"notes_search" has name undefined; "notes_search" has no inputSchema object;/,
    },
    {
      requirement: 'pd.4.4.only-requested',
      defect: 'returns-all',
      failure: /\?tools=notes_search also returned "notes\.read"; "tasks_complete";/,
    },
    {
      requirement: 'pd.4.4.no-preamble',
      defect: 'preamble',
      failure: /returned text that is not JSON: "Here are the descriptions you asked for:/,
    },
    {
      requirement: 'pd.4.4.dynamic',
      defect: 'returns-all',
      failure: /^reads of two different tools returned the same answer$/,
    },
    {
      requirement: 'pd.5.1.ungranted-call-refused',
      defect: 'no-gate',
      failure:
        /^calls before any read were not refused with TOOL_DESCRIPTION_REQUIRED: "notes_search" got an error result "\{\\"error\\":\\"missing query\\"}"; "notes\.read" got an error result/,
    },
    {
      requirement: 'pd.5.1.grant-on-read',
      defect: 'no-grant',
      failure: /^"notes_search" is still refused after its description was read$/,
    },
    {
      requirement: 'pd.5.1.grant-on-read',
      defect: 'grant-all',
      failure:
        /^reading "notes_search" also authorized the unread "notes\.read": it got an error result/,
    },
    {
      requirement: 'pd.5.1.grant-persists',
      defect: 'single-use-grant',
      failure: /^"notes_search" was refused again on a later call of the same session$/,
    },
    {
      requirement: 'pd.5.1.session-isolation',
      defect: 'shared-grants',
      failure:
        /^a read in another session authorized "notes_search" in a second MCP session of the same endpoint open at the same time: the call got a result$/,
      modernFailure:
        /^a read in another caller authorized "notes_search" in a second caller \(other credentials\) calling while the first was at work: the call got a result$/,
    },
    {
      requirement: 'pd.5.1.session-isolation',
      defect: 'shared-grants',
      setup: 'stdio',
      failure:
        /^a read in another session authorized "notes_search" in a second server process open at the same time: the call got a result$/,
    },
    {
      requirement: 'pd.5.2.session-lifecycle',
      defect: 'shared-grants',
      failure:
        /^a read in another session authorized "notes_search" in a new MCP session of the same endpoint opened after the first closed: the call got a result$/,
      modernFailure:
        /^a read in another caller authorized "notes_search" in a third caller \(other credentials\) arriving after the first was done: the call got a result$/,
    },
    {
      requirement: 'pd.5.2.session-lifecycle',
      defect: 'shared-grants',
      setup: 'stdio',
      failure:
        /^a read in another session authorized "notes_search" in a new server process opened after the first closed: the call got a result$/,
    },
    {
      requirement: 'pd.5.3.no-access-beyond-listing',
      defect: 'unlisted-callable',
      failure:
        /^the read served a full description of "x_conformance_unlisted_tool", which tools\/list does not show$/,
    },
    {
      requirement: 'pd.5.3.primary-authorization',
      defect: 'role-bypass',
      failure:
        /^"tasks_complete", hidden from the restricted caller's tools\/list, was called successfully by it after a read of its description$/,
    },
    {
      requirement: 'pd.6.1.missing-tool-selection',
      defect: 'missing-selection-lists-all',
      failure:
        /^resource:\/\/\/tool_descriptions returned "notes_search"; "notes\.read"; "tasks_complete", not MISSING_TOOL_SELECTION; resource:\/\/\/tool_descriptions\?format=json returned/,
    },
    {
      requirement: 'pd.6.2.required-error-shape',
      defect: 'no-resource-uri',
      failure: /^the error has no resource_uri$/,
    },
    {
      requirement: 'pd.6.3.tool-not-found',
      defect: 'silent-unknown',
      failure: /returned no entry for the unknown name$/,
    },
    {
      requirement: 'pd.8.2.system-prompt-guidance',
      defect: 'partial-guidance',
      failure:
        /^the instructions do not cover the two stages \(tools\/list, then the resource\); that short descriptions are enough to choose; not to read the resource without naming tools; the syntax of a read$/,
    },
    {
      requirement: 'pd.8.2.system-prompt-guidance',
      defect: 'no-instructions',
      failure: /^the server sends no instructions, so no system prompt guidance reaches the agent$/,
    },
  ],
};
