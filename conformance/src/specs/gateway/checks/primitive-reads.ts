/**
 * Checks of reading resources and rendering prompts (§9.4): envelopes through the context
 * firewall, large reads as artifacts for `tool_view`, the not-found codes, and prompt arguments
 * refused before the upstream.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, notApplicable, pass, skip } from '../../../outcome.js';
import { controlsProbeOf, type GatewayControlsProbe } from '../controls-settings.js';
import {
  errorFieldProblems,
  listedPairs,
  resolvePrimitive,
  walkPrimitives,
} from '../primitives.js';
import {
  callMetaTool,
  describeAnswer,
  errorCodeOf,
  META_TOOLS,
  type MetaToolAnswer,
  PRIMITIVE_TOOLS,
  type PrimitiveKind,
  requireMode,
} from '../surface.js';
import { unknownVariantOf } from '../tool-id.js';
import { artifactBytes, ENVELOPE_KEYS, handlesOf, suggestedSelector } from './execution.js';

type Primitives = NonNullable<GatewayControlsProbe['primitives']>;

/** `undefined` when the target lists `kind`'s read tool, else the outcome that skips the check. */
async function requireRead(
  context: CheckContext,
  kind: PrimitiveKind,
): Promise<CheckOutcome | undefined> {
  const outcome = await requireMode(context, 'gateway');
  if (outcome !== undefined) return outcome;
  return (await listedPairs(context))[kind].read
    ? undefined
    : notApplicable(`the target lists no ${PRIMITIVE_TOOLS[kind].read}: ${kind}s off`);
}

/** What is wrong with `answer` as a ResultEnvelope, as problems. */
function envelopeProblems(what: string, answer: MetaToolAnswer): string[] {
  if (answer.isError) return [`${what} answered ${describeAnswer(answer)}`];
  const payload = answer.payload;
  if (payload === undefined) return [`${what} answered no JSON envelope`];
  const problems: string[] = [];
  if (typeof payload.status !== 'string')
    problems.push(`${what} answered an envelope without status`);
  if (typeof payload.summary !== 'string')
    problems.push(`${what} answered an envelope without summary`);
  if (!Array.isArray(payload.artifacts))
    problems.push(`${what} answered an envelope without artifacts`);
  return problems;
}

/** What is wrong with `answer` as the error `code` of §3.4's shape, as problems. */
function errorProblems(what: string, answer: MetaToolAnswer, code: string): string[] {
  if (errorCodeOf(answer) !== code)
    return [`${what} answered ${describeAnswer(answer)}, not ${code}`];
  return errorFieldProblems(answer).map((problem) => `the ${code} of ${what} ${problem}`);
}

/** A listed resource reads as an envelope; an unknown one answers RESOURCE_NOT_FOUND. */
export const resourceReadCheck: Check = {
  requirement: 'gw.9.4.resource-read',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireRead(context, 'resource');
    if (outcome !== undefined) return outcome;
    const tool = PRIMITIVE_TOOLS.resource.read;
    const card = (await walkPrimitives(context, 'resource')).leaves[0];
    if (typeof card?.id !== 'string')
      return fail(`${tool} is listed, yet no resource card is found`);
    const read = await callMetaTool(context, tool, { resource_id: card.id });
    const unknownId = unknownVariantOf(card.id.replace(/~[0-9]+$/, ''));
    const unknown = await callMetaTool(context, tool, { resource_id: unknownId });
    const malformed = await callMetaTool(context, tool, { resource_id: 42 });
    const problems = [
      ...envelopeProblems(`${tool} ${card.id}`, read),
      ...errorProblems(`${tool} ${unknownId}`, unknown, 'RESOURCE_NOT_FOUND'),
      ...errorProblems(`${tool} with a number for resource_id`, malformed, 'ARGS_INVALID'),
    ];
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${card.id} reads as an envelope; an unknown id answers RESOURCE_NOT_FOUND`);
  },
};

/** The primitives section of the settings, or the outcome that skips a check needing `key`. */
function declared<Key extends 'resources' | 'prompts'>(
  context: CheckContext,
  key: Key,
): NonNullable<Primitives[Key]> | CheckOutcome {
  const section = controlsProbeOf(context)?.primitives?.[key];
  return section ?? skip(`the target declares no settings.gatewayControls.primitives.${key}`);
}

function isOutcome(value: unknown): value is CheckOutcome {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

/** A large resource read comes back as a smaller envelope whose artifacts `tool_view` reads. */
export const firewalledReadCheck: Check = {
  requirement: 'gw.9.4.firewalled-read',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireRead(context, 'resource');
    if (outcome !== undefined) return outcome;
    const section = declared(context, 'resources');
    if (isOutcome(section)) return section;
    const id = await resolvePrimitive(context, 'resource', section.large);
    const answer = await callMetaTool(context, PRIMITIVE_TOOLS.resource.read, { resource_id: id });
    const problems = envelopeProblems(`resource_read ${id}`, answer);
    if (problems.length > 0) return fail(listProblems(problems));
    const handle = handlesOf(answer)[0];
    if (handle === undefined)
      return fail(`the large read of ${id} lists no artifact with a handle`);
    const stored = artifactBytes(answer);
    if (stored !== undefined && answer.text.length >= stored) {
      problems.push(
        `the envelope (${answer.text.length} characters) is not smaller than its artifacts (${stored} bytes)`,
      );
    }
    const selector = suggestedSelector(answer, handle);
    const view = await callMetaTool(context, META_TOOLS.view, { handle, selector });
    if (view.isError || view.text.trim() === '') {
      problems.push(`tool_view ${handle} ${selector} answered ${describeAnswer(view)}`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `the large read of ${id} is an envelope of ${answer.text.length} characters; tool_view reads ${handle}`,
        );
  },
};

/** A prompt renders as an envelope; an unknown one answers PROMPT_NOT_FOUND. */
export const promptGetCheck: Check = {
  requirement: 'gw.9.4.prompt-get',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireRead(context, 'prompt');
    if (outcome !== undefined) return outcome;
    const section = declared(context, 'prompts');
    if (isOutcome(section)) return section;
    const tool = PRIMITIVE_TOOLS.prompt.read;
    const id = await resolvePrimitive(context, 'prompt', section.prompt);
    const rendered = await callMetaTool(context, tool, { prompt_id: id, args: section.args });
    const unknownId = unknownVariantOf(id.replace(/~[0-9]+$/, ''));
    const unknown = await callMetaTool(context, tool, { prompt_id: unknownId, args: section.args });
    const problems = [
      ...envelopeProblems(`${tool} ${id}`, rendered),
      ...errorProblems(`${tool} ${unknownId}`, unknown, 'PROMPT_NOT_FOUND'),
    ];
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${id} renders as an envelope; an unknown id answers PROMPT_NOT_FOUND`);
  },
};

/** Arguments that break the prompt's argument list answer ARGS_INVALID and no rendering. */
export const promptArgsCheck: Check = {
  requirement: 'gw.9.4.prompt-args',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireRead(context, 'prompt');
    if (outcome !== undefined) return outcome;
    const section = declared(context, 'prompts');
    if (isOutcome(section)) return section;
    const tool = PRIMITIVE_TOOLS.prompt.read;
    const id = await resolvePrimitive(context, 'prompt', section.prompt);
    const [first] = Object.keys(section.args);
    const variants: [string, unknown][] = [
      ['no arguments', {}],
      ['an unknown argument', { ...section.args, x_unknown_argument: 'x' }],
      [`a number for ${String(first)}`, { ...section.args, [String(first)]: 42 }],
      ['arguments that are not an object', 'city'],
    ];
    const problems: string[] = [];
    for (const [what, args] of variants) {
      const answer = await callMetaTool(context, tool, { prompt_id: id, args });
      problems.push(...errorProblems(`${tool} ${id} with ${what}`, answer, 'ARGS_INVALID'));
      const leaked = ENVELOPE_KEYS.filter((key) => answer.payload?.[key] !== undefined);
      if (leaked.length > 0)
        problems.push(`${tool} with ${what} also carries a rendering (${leaked.join(', ')})`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `${id} with ${variants.length} kinds of bad arguments answers ARGS_INVALID, nothing rendered`,
        );
  },
};

/** The checks of reads and renders, in catalog order. */
export const primitiveReadChecks: readonly Check[] = [
  resourceReadCheck,
  firewalledReadCheck,
  promptGetCheck,
  promptArgsCheck,
];
