/**
 * Checks of reading the resource: the `tools` parameter, the answer's contents and the
 * `MISSING_TOOL_SELECTION` error (§4.3, §4.4, §6.1).
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, notApplicable, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { needFullDescriptions, needResource, needTools } from '../prerequisites.js';
import {
  describeAnswer,
  descriptionsUri,
  isFullEntry,
  type JsonObject,
  objectOf,
  type ReadAnswer,
  readErrorWithCode,
  readShared,
} from '../reads.js';
import { sameJson } from '../text.js';

/** A read of some tools on the shared session, with the tools it asked for. */
interface Selection {
  readonly names: readonly string[];
  readonly answer: ReadAnswer;
}

/** A tool name no server lists. */
const UNKNOWN_TOOL = 'x_conformance_no_such_tool';

/** True for an entry that describes a tool rather than reporting an error about the name. */
function isDescription(entry: unknown): entry is JsonObject {
  return isRecord(entry) && entry.error === undefined;
}

/** Reads the first `count` listed tools (all of them in one read), or a skip. */
async function readFirst(
  context: CheckContext,
  count: number,
): Promise<{ ok: true; selection: Selection } | { ok: false; outcome: CheckOutcome }> {
  const resource = await needResource(context);
  if (!resource.ok) return resource;
  const tools = await needTools(context, count);
  if (!tools.ok) return tools;
  const names = tools.value.slice(0, count).map((tool) => tool.name);
  const answer = await readShared(context, descriptionsUri(resource.value.baseUri, names));
  return { ok: true, selection: { names, answer } };
}

/**
 * The body of a read that should be a JSON object, or the outcome when it is not one. Text around
 * JSON is a skip (`pd.4.4.no-preamble` reports it); a failed or empty read fails the check that
 * `owns` reads with `?tools=`, and is a skip for the others (`pd.4.3.tools-parameter` reports it).
 */
function bodyOf(
  answer: ReadAnswer,
  owns: boolean,
): { body: JsonObject } | { outcome: CheckOutcome } {
  const body = objectOf(answer);
  if (body !== undefined) return { body };
  if (answer.kind === 'not-json' && answer.text !== '') {
    return { outcome: skip(`${describeAnswer(answer)} (see pd.4.4.no-preamble)`) };
  }
  return {
    outcome: owns
      ? fail(describeAnswer(answer))
      : skip(`${describeAnswer(answer)} (see pd.4.3.tools-parameter)`),
  };
}

function createSelectionCheck(requirement: string, count: number): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    async run(context) {
      const read = await readFirst(context, count);
      if (!read.ok) return read.outcome;
      const parsed = bodyOf(read.selection.answer, true);
      if ('outcome' in parsed) return parsed.outcome;
      const { body } = parsed;
      const undescribed = read.selection.names.filter((name) => !isDescription(body[name]));
      return undescribed.length > 0
        ? fail(
            `${read.selection.answer.uri} returned no description of ${undescribed.map((name) => `"${name}"`).join(', ')}`,
          )
        : pass(
            `${read.selection.answer.uri} returned ${read.selection.names.length} description(s)`,
          );
    },
  };
}

/** Flips the letter case of a name, or `undefined` when that gives the same name. */
function caseVariant(name: string): string | undefined {
  const upper = name.toUpperCase();
  if (upper !== name) return upper;
  const lower = name.toLowerCase();
  return lower !== name ? lower : undefined;
}

/** A name in other letter case gets no description. */
export const exactNamesCheck: Check = {
  requirement: 'pd.4.3.exact-names',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await needResource(context);
    if (!resource.ok) return resource.outcome;
    const tools = await needTools(context);
    if (!tools.ok) return tools.outcome;
    const listed = new Set(tools.value.map((tool) => tool.name));
    const candidates = tools.value.flatMap((tool) => {
      const variant = caseVariant(tool.name);
      return variant === undefined || listed.has(variant) ? [] : [{ name: tool.name, variant }];
    });
    const [candidate] = candidates;
    if (candidate === undefined)
      return notApplicable('no listed name changes with its letter case');
    const uri = descriptionsUri(resource.value.baseUri, [candidate.variant]);
    const body = objectOf(await readShared(context, uri));
    const served = Object.entries(body ?? {}).filter(([, entry]) => isFullEntry(entry));
    return served.length > 0
      ? fail(
          `${uri} returned the description of "${candidate.name}" under ${served.map(([key]) => JSON.stringify(key)).join(', ')}`,
        )
      : pass(`"${candidate.variant}" gets no description of "${candidate.name}"`);
  },
};

/** Each requested tool maps to an object with its name, a description and an input schema. */
export const fullDescriptionsCheck: Check = {
  requirement: 'pd.4.4.full-descriptions',
  definedIn: import.meta.url,
  async run(context) {
    const full = await needFullDescriptions(context);
    if (!full.ok) return full.outcome;
    const problems = full.value.tools.flatMap((tool) => {
      const entry = full.value.entries.get(tool.name);
      const label = `"${tool.name}"`;
      if (entry === undefined) return [`${label} is missing from the answer`];
      if (!isRecord(entry)) return [`${label} maps to ${JSON.stringify(entry)}, not an object`];
      const found: string[] = [];
      if (entry.name !== tool.name) found.push(`${label} has name ${JSON.stringify(entry.name)}`);
      if (typeof entry.description !== 'string') found.push(`${label} has no string description`);
      if (!isRecord(entry.inputSchema)) found.push(`${label} has no inputSchema object`);
      return found;
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${full.value.tools.length} tools have full descriptions`);
  },
};

/** A read names exactly the requested tools. */
export const onlyRequestedCheck: Check = {
  requirement: 'pd.4.4.only-requested',
  definedIn: import.meta.url,
  async run(context) {
    const problems: string[] = [];
    let reads = 0;
    for (const count of [1, 2]) {
      const read = await readFirst(context, count);
      if (!read.ok) {
        if (count === 1) return read.outcome;
        continue;
      }
      const parsed = bodyOf(read.selection.answer, false);
      if ('outcome' in parsed) return parsed.outcome;
      const { body } = parsed;
      reads++;
      const extra = Object.keys(body).filter((key) => !read.selection.names.includes(key));
      if (extra.length > 0) {
        problems.push(
          `${read.selection.answer.uri} also returned ${listProblems(extra.map((key) => JSON.stringify(key)))}`,
        );
      }
    }
    return problems.length > 0
      ? fail(problems.join('; '))
      : pass(`${reads} read(s) returned only the requested tools`);
  },
};

/** The answer is one content item holding one JSON object. */
export const noPreambleCheck: Check = {
  requirement: 'pd.4.4.no-preamble',
  definedIn: import.meta.url,
  async run(context) {
    const read = await readFirst(context, 1);
    if (!read.ok) return read.outcome;
    const { answer } = read.selection;
    if (answer.kind === 'error')
      return skip(`${describeAnswer(answer)} (see pd.4.3.tools-parameter)`);
    if (answer.kind === 'not-json' || !isRecord(answer.value)) return fail(describeAnswer(answer));
    return answer.contents === 1
      ? pass('the answer is one JSON object and nothing else')
      : fail(`the answer has ${answer.contents} content items besides the JSON object`);
  },
};

/** Different selections get different answers. */
export const dynamicCheck: Check = {
  requirement: 'pd.4.4.dynamic',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await needResource(context);
    if (!resource.ok) return resource.outcome;
    const tools = await needTools(context, 2);
    if (!tools.ok) return tools.outcome;
    const bodies = [];
    for (const tool of tools.value.slice(0, 2)) {
      const answer = await readShared(
        context,
        descriptionsUri(resource.value.baseUri, [tool.name]),
      );
      const read = bodyOf(answer, false);
      if ('outcome' in read) return read.outcome;
      bodies.push(read.body);
    }
    return sameJson(bodies[0], bodies[1])
      ? fail('reads of two different tools returned the same answer')
      : pass('reads of two different tools returned different answers');
  },
};

/** Reading without `tools` returns MISSING_TOOL_SELECTION with a message and examples. */
export const missingToolSelectionCheck: Check = {
  requirement: 'pd.6.1.missing-tool-selection',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await needResource(context);
    if (!resource.ok) return resource.outcome;
    const problems: string[] = [];
    for (const uri of [resource.value.baseUri, `${resource.value.baseUri}?format=json`]) {
      const answer = await readShared(context, uri);
      const error = readErrorWithCode(answer, 'MISSING_TOOL_SELECTION');
      if (error === undefined) {
        const body = objectOf(answer);
        problems.push(
          body === undefined
            ? `${describeAnswer(answer)}, not MISSING_TOOL_SELECTION`
            : `${uri} returned ${listProblems(Object.keys(body).map((key) => JSON.stringify(key)))}, not MISSING_TOOL_SELECTION`,
        );
        continue;
      }
      if (typeof error.message !== 'string' || error.message === '') {
        problems.push(`${uri}: the error has no message`);
      }
      const examples = error.examples;
      if (
        !Array.isArray(examples) ||
        examples.length === 0 ||
        !examples.every((example) => typeof example === 'string' && example.includes('tools='))
      ) {
        problems.push(`${uri}: the error has no examples of URIs with tools=`);
      }
    }
    return problems.length > 0
      ? fail(problems.join('; '))
      : pass('reads without tools get MISSING_TOOL_SELECTION with a message and examples');
  },
};

/** An unknown name gets an error entry naming it and the available tools. */
export const toolNotFoundCheck: Check = {
  requirement: 'pd.6.3.tool-not-found',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await needResource(context);
    if (!resource.ok) return resource.outcome;
    const tools = await needTools(context);
    if (!tools.ok) return tools.outcome;
    const listed = new Set(tools.value.map((tool) => tool.name));
    const known = tools.value[0]?.name ?? '';
    const base = resource.value.baseUri;
    const answer = await readShared(context, descriptionsUri(base, [known, UNKNOWN_TOOL]));
    const single = await readShared(context, descriptionsUri(base, [known]));
    // A read that fails only because it names an unknown tool is this check's failure.
    const read = bodyOf(answer, objectOf(single) !== undefined);
    if ('outcome' in read) return read.outcome;
    const entry = read.body[UNKNOWN_TOOL];
    if (!isRecord(entry)) return fail(`${answer.uri} returned no entry for the unknown name`);
    const problems: string[] = [];
    if (typeof entry.error !== 'string' || !entry.error.includes(UNKNOWN_TOOL)) {
      problems.push('the entry has no error naming the tool');
    }
    const available = Array.isArray(entry.available_tools) ? entry.available_tools : [];
    if (available.length === 0) problems.push('the entry lists no available_tools');
    const strangers = available.filter((name) => typeof name !== 'string' || !listed.has(name));
    if (strangers.length > 0) {
      problems.push(
        `available_tools names tools not listed: ${listProblems(strangers.map((name) => JSON.stringify(name)))}`,
      );
    }
    return problems.length > 0
      ? fail(problems.join('; '))
      : pass(`the unknown name gets an error and ${available.length} available tools`);
  },
};

/** The checks of reading, in catalog order. */
export const readingChecks: readonly Check[] = [
  createSelectionCheck('pd.4.3.tools-parameter', 1),
  createSelectionCheck('pd.4.3.comma-separated', 2),
  exactNamesCheck,
  fullDescriptionsCheck,
  onlyRequestedCheck,
  noPreambleCheck,
  dynamicCheck,
];

/** The checks of read errors, in catalog order. */
export const readErrorChecks: readonly Check[] = [missingToolSelectionCheck, toolNotFoundCheck];
