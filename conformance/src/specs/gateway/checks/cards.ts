/**
 * Checks of browse cards and tool ids: ids (§1), fields (§2.1, §2.2), token budgets (§2.3),
 * determinism (§2.4) and ordering (§2.5).
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { type BrowseAnswer, browse, probeBrowses, probeToolCards } from '../cards.js';
import { declaresCacheStable } from '../controls-settings.js';
import { hydratedStubs } from '../probe.js';
import { modeOf, requireMode } from '../surface.js';
import { countTokens } from '../tokens.js';
import { parseToolId, toolIdProblem } from '../tool-id.js';

const PERMITTED_FIELDS = new Set([
  'id',
  'name',
  'description',
  'tags',
  'kind',
  'namespace',
  'has_schema',
  'score',
  'cost_hint',
  'side_effects',
  'safety',
]);
const KINDS = new Set(['tool', 'agent', 'skill', 'internal']);
const SAFETY_CLASSES = new Set(['', 'read_only', 'destructive']);
const SAFETY_TAGS = new Set(['destructive', 'read-only']);
const MAX_TAGS = 5;
const MAX_TAG_LENGTH = 24;
const MAX_NAME_LENGTH = 64;
const CARD_HARD_CAP_TOKENS = 80;
const BROWSE_PREAMBLE_TOKENS = 32;

/** Keys no card may carry at any depth (§2.2). */
const BANNED_KEYS = new Set([
  'args_schema',
  'inputSchema',
  'input_schema',
  'output_schema',
  'outputSchema',
  'examples',
  'example',
  'annotations',
  '_meta',
  'metadata',
  'url',
  'transport',
  'command',
]);
/** Signs of a schema stringified into a card's text. */
const STRINGIFIED_SCHEMA = /"properties"\s*:|inputSchema|outputSchema|args_schema|output_schema/;

function label(card: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(typeof card.id === 'string' ? card.id : card);
}

/** Every tool id a card or hydration gives is a §1.1 id with a version or a hash8. */
export const toolIdFormatCheck: Check = {
  requirement: 'gw.1.1.tool-id-format',
  definedIn: import.meta.url,
  async run(context) {
    const mode = await modeOf(context);
    const ids =
      mode === 'gateway'
        ? (await probeToolCards(context)).map((card) => String(card.id))
        : mode === 'proxy'
          ? (await hydratedStubs(context))
              .filter((stub) => !stub.schemaRefused)
              .map((stub) => stub.toolId)
          : [];
    if (mode === undefined)
      return notApplicable('the target serves neither the gateway nor the proxy');
    if (ids.length === 0) return fail('no browse or hydration gave a tool id');
    const problems = ids.flatMap((id) => toolIdProblem(id) ?? []);
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${ids.length} tool ids match the grammar`);
  },
};

function cardFieldProblems(card: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  const extra = Object.keys(card).filter((key) => !PERMITTED_FIELDS.has(key));
  if (extra.length > 0) problems.push(`carries ${extra.join(', ')}`);
  if (typeof card.id !== 'string' || card.id === '') problems.push('has no id');
  if (typeof card.name !== 'string' || card.name.length > MAX_NAME_LENGTH) {
    problems.push(`has a name that is not a string of at most ${MAX_NAME_LENGTH} characters`);
  }
  if (typeof card.description !== 'string' || /[\r\n]/.test(card.description)) {
    problems.push('has a description that is not one line');
  }
  if (!KINDS.has(String(card.kind))) problems.push(`has kind ${JSON.stringify(card.kind)}`);
  if (card.safety !== undefined && !SAFETY_CLASSES.has(String(card.safety))) {
    problems.push(`has safety ${JSON.stringify(card.safety)}`);
  }
  if (card.has_schema !== undefined && typeof card.has_schema !== 'boolean') {
    problems.push('has a has_schema that is not a boolean');
  }
  if (card.side_effects !== undefined && typeof card.side_effects !== 'boolean') {
    problems.push('has a side_effects that is not a boolean');
  }
  for (const field of ['score', 'cost_hint']) {
    if (card[field] !== undefined && typeof card[field] !== 'number') {
      problems.push(`has a ${field} that is not a number`);
    }
  }
  if (card.kind === 'tool' && typeof card.id === 'string') {
    const namespace = parseToolId(card.id)?.namespace;
    if (card.namespace !== namespace)
      problems.push(`has namespace ${JSON.stringify(card.namespace)}, not the id's`);
  }
  const tags = card.tags ?? [];
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
    problems.push('has tags that are not a list of strings');
    return problems;
  }
  const sorted = [...new Set(tags)].sort();
  if (JSON.stringify(sorted) !== JSON.stringify(tags))
    problems.push('has tags that are not sorted and unique');
  const capped = tags.filter((tag) => !SAFETY_TAGS.has(tag));
  if (capped.length > MAX_TAGS) problems.push(`has ${capped.length} tags besides the safety tags`);
  const long = tags.filter((tag) => tag.length > MAX_TAG_LENGTH);
  if (long.length > 0)
    problems.push(`has tags over ${MAX_TAG_LENGTH} characters: ${long.join(', ')}`);
  return problems;
}

async function allCards(context: Parameters<Check['run']>[0]) {
  return (await probeBrowses(context)).flatMap((entry) => entry.cards);
}

/** Cards carry only permitted fields, each of its type. */
export const cardFieldsCheck: Check = {
  requirement: 'gw.2.1.card-fields',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const cards = await allCards(context);
    const problems = cards.flatMap((card) =>
      cardFieldProblems(card).map((problem) => `card ${label(card)} ${problem}`),
    );
    return problems.length > 0
      ? fail(listProblems([...new Set(problems)]))
      : pass(`${cards.length} cards carry only permitted fields`);
  },
};

function bannedIn(value: unknown, path: string): string[] {
  if (typeof value === 'string') {
    return STRINGIFIED_SCHEMA.test(value) ? [`${path} holds a stringified schema`] : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => bannedIn(item, `${path}[${index}]`));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(BANNED_KEYS.has(key) ? [`${path}.${key} is a banned field`] : []),
    ...bannedIn(item, `${path}.${key}`),
  ]);
}

/** No card carries a schema, examples, metadata or a transport address. */
export const bannedFieldsCheck: Check = {
  requirement: 'gw.2.2.banned-fields',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const cards = await allCards(context);
    const problems = cards.flatMap((card) => bannedIn(card, `card ${label(card)}`));
    return problems.length > 0
      ? fail(listProblems([...new Set(problems)]))
      : pass(`${cards.length} cards carry no banned field`);
  },
};

/** A browse of n cards renders within 80 × n + 32 tokens. */
export const tokenBudgetCheck: Check = {
  requirement: 'gw.2.3.token-budget',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const browses = await probeBrowses(context);
    const problems = browses.flatMap(({ args, answer, cards }) => {
      const tokens = countTokens(answer.text);
      const cap = CARD_HARD_CAP_TOKENS * cards.length + BROWSE_PREAMBLE_TOKENS;
      return tokens > cap
        ? [
            `browse ${JSON.stringify(args)} renders ${cards.length} cards in ${tokens} tokens, over ${cap}`,
          ]
        : [];
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${browses.length} browse responses within 80 × n + 32 tokens`);
  },
};

/**
 * Browsing twice gives the same bytes. With cache-stable browsing (§5) a browse also depends on
 * what the session saw before, so the same browse is compared once all its cards are seen: a
 * second and a third call.
 */
export const deterministicCheck: Check = {
  requirement: 'gw.2.4.deterministic',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    const cacheStable = declaresCacheStable(context);
    const problems: string[] = [];
    for (const probe of await probeBrowses(context)) {
      const first = cacheStable ? await browse(context, probe.args) : probe;
      const second: BrowseAnswer = await browse(context, first.args);
      const before = JSON.stringify([first.answer.text, first.cards]);
      const after = JSON.stringify([second.answer.text, second.cards]);
      if (before !== after)
        problems.push(`browse ${JSON.stringify(first.args)} changed between two calls`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          cacheStable
            ? 'every probe browse repeats byte for byte once its cards are seen (cache-stable)'
            : 'every probe browse repeats byte for byte',
        );
  },
};

function orderProblem(cards: readonly Readonly<Record<string, unknown>>[]): string | undefined {
  for (let index = 1; index < cards.length; index += 1) {
    const before = cards[index - 1] ?? {};
    const after = cards[index] ?? {};
    const scoreBefore = typeof before.score === 'number' ? before.score : 0;
    const scoreAfter = typeof after.score === 'number' ? after.score : 0;
    const idBefore = String(before.id);
    const idAfter = String(after.id);
    if (scoreAfter > scoreBefore || (scoreAfter === scoreBefore && idAfter < idBefore)) {
      return `${JSON.stringify(idAfter)} (score ${scoreAfter}) comes after ${JSON.stringify(idBefore)} (score ${scoreBefore})`;
    }
  }
  return undefined;
}

/** Cards come by score, then id. */
export const orderingCheck: Check = {
  requirement: 'gw.2.5.ordering',
  definedIn: import.meta.url,
  async run(context) {
    const outcome = await requireMode(context, 'gateway');
    if (outcome !== undefined) return outcome;
    if (declaresCacheStable(context)) {
      return notApplicable(
        'the target declares cache-stable browsing, whose order (§5.1) replaces this one: see gw.5.1.seen-first',
      );
    }
    const browses = await probeBrowses(context);
    const problems = browses.flatMap(({ args, cards }) => {
      const problem = orderProblem(cards);
      return problem === undefined ? [] : [`browse ${JSON.stringify(args)}: ${problem}`];
    });
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${browses.length} browses ordered by score, then id`);
  },
};

/** The checks of cards and ids, in catalog order. */
export const cardChecks: readonly Check[] = [
  toolIdFormatCheck,
  cardFieldsCheck,
  bannedFieldsCheck,
  tokenBudgetCheck,
  deterministicCheck,
  orderingCheck,
];
