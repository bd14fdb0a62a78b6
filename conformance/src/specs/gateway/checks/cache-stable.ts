/**
 * Checks of cache-stable browsing (§5) on a gateway that declares it on in
 * `settings.gatewayControls.cacheStable`. The seen set belongs to one session, so the checks
 * share one scenario run in a fresh session of their own: the first browse twice, a path browse,
 * a tool run and a failed hydration, the second browse twice, the first browse again.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { cardsOf } from '../cards.js';
import {
  controlsProbeOf,
  type GatewayControlsProbe,
  undeclaredControl,
} from '../controls-settings.js';
import { resolveToolId } from '../probe.js';
import {
  callMetaTool,
  callMetaToolOn,
  describeAnswer,
  errorCodeOf,
  META_TOOLS,
  type MetaToolAnswer,
  requireMode,
} from '../surface.js';
import { unknownVariantOf } from '../tool-id.js';

/** The marker card's id (§5.1). */
export const CACHE_BREAKPOINT_ID = '__cache_breakpoint__';

/** The scenario opens a server process of its own: allow for its start. */
const SCENARIO_TIMEOUT_MS = 30_000;

type Card = Readonly<Record<string, unknown>>;
type Settings = NonNullable<GatewayControlsProbe['cacheStable']>;

/** One browse of the scenario: its answer and cards. */
interface ScenarioBrowse {
  readonly answer: MetaToolAnswer;
  readonly cards: readonly Card[];
}

/** What the scenario saw, in the order it happened. */
interface Scenario {
  /** `first`, the session's first browse: every card is new. */
  readonly first: ScenarioBrowse;
  /** `first` again: every card is seen. */
  readonly firstAgain: ScenarioBrowse;
  /** `/`: namespace nodes only, so no card is seen. */
  readonly root: ScenarioBrowse;
  /** The executed tool (found by `second`, not by `first`) and its answer. */
  readonly executed: { readonly toolId: string; readonly answer: MetaToolAnswer };
  /** A tool of `second` executed with an id of no tool, and the answer. */
  readonly failed: {
    readonly toolId: string;
    readonly sentId: string;
    readonly answer: MetaToolAnswer;
  };
  /** `second`: seen cards, the marker, new cards. */
  readonly second: ScenarioBrowse;
  /** `second` again: every card is seen. */
  readonly secondAgain: ScenarioBrowse;
  /** `first` once more, after `second`. */
  readonly firstLast: ScenarioBrowse;
  /** The ids `first` found: seen by browsing. */
  readonly seenIds: ReadonlySet<string>;
  /** The ids `second` found that are new there (neither browsed, run, nor failed). */
  readonly newIds: ReadonlySet<string>;
}

const idOf = (card: Card): string => String(card.id);
const isMarker = (card: Card): boolean => card.id === CACHE_BREAKPOINT_ID;

/** Runs the scenario once per target in a fresh session (the first caller's). */
function scenarioOf(context: CheckContext, settings: Settings): Promise<Scenario> {
  return context.memo('gateway.cache-stable', async () => {
    // Ids come from the shared session: which tools a query finds does not depend on the session.
    const toolIds = async (args: Readonly<Record<string, unknown>>) =>
      cardsOf(await callMetaTool(context, META_TOOLS.browse, args))
        .filter((card) => card.kind === 'tool')
        .map(idOf);
    const firstIds = new Set(await toolIds(settings.first));
    const secondIds = await toolIds(settings.second);
    const executedId = await resolveToolId(context, settings.execute.tool);
    if (firstIds.has(executedId) || !secondIds.includes(executedId)) {
      throw new Error(
        `settings.gatewayControls.cacheStable: the second browse must find ${executedId} and the first must not`,
      );
    }
    const newInSecond = secondIds.filter((id) => !firstIds.has(id) && id !== executedId).sort();
    const failedId = newInSecond[0];
    if (
      failedId === undefined ||
      newInSecond.length < 2 ||
      !secondIds.some((id) => firstIds.has(id))
    ) {
      throw new Error(
        'settings.gatewayControls.cacheStable: the second browse must share cards with the first and find at least two more besides the executed tool',
      );
    }
    const session = await context.openSession();
    const browse = async (args: Readonly<Record<string, unknown>>): Promise<ScenarioBrowse> => {
      const answer = await callMetaToolOn(session, META_TOOLS.browse, args);
      return { answer, cards: cardsOf(answer) };
    };
    const first = await browse(settings.first);
    const firstAgain = await browse(settings.first);
    const root = await browse({ path: '/' });
    const executedAnswer = await callMetaToolOn(session, META_TOOLS.execute, {
      tool_id: executedId,
      args: settings.execute.args,
    });
    const sentId = unknownVariantOf(failedId);
    const failedAnswer = await callMetaToolOn(session, META_TOOLS.execute, {
      tool_id: sentId,
      args: {},
    });
    const second = await browse(settings.second);
    const secondAgain = await browse(settings.second);
    const firstLast = await browse(settings.first);
    return {
      first,
      firstAgain,
      root,
      executed: { toolId: executedId, answer: executedAnswer },
      failed: { toolId: failedId, sentId, answer: failedAnswer },
      second,
      secondAgain,
      firstLast,
      seenIds: new Set(first.cards.filter((card) => !isMarker(card)).map(idOf)),
      newIds: new Set(newInSecond.slice(1)),
    };
  });
}

/** The scenario, or the outcome that skips a target without cache-stable browsing. */
async function scenarioOrSkip(context: CheckContext): Promise<Scenario | CheckOutcome> {
  const outcome = await requireMode(context, 'gateway');
  if (outcome !== undefined) return outcome;
  const settings = controlsProbeOf(context)?.cacheStable;
  if (settings === undefined) {
    return undeclaredControl(context, 'cacheStable', 'cache-stable browsing');
  }
  return scenarioOf(context, settings);
}

function isScenario(value: Scenario | CheckOutcome): value is Scenario {
  return 'first' in value;
}

/** The cards before and after the marker (all cards before it when there is none). */
function partsOf(cards: readonly Card[]): { prefix: Card[]; suffix: Card[]; markers: number } {
  const at = cards.findIndex(isMarker);
  const markers = cards.filter(isMarker).length;
  if (at === -1) return { prefix: [...cards], suffix: [], markers };
  return {
    prefix: cards.slice(0, at),
    suffix: cards.slice(at + 1).filter((card) => !isMarker(card)),
    markers,
  };
}

function unsorted(cards: readonly Card[]): string | undefined {
  for (let index = 1; index < cards.length; index += 1) {
    const before = idOf(cards[index - 1] as Card);
    const after = idOf(cards[index] as Card);
    if (after < before) return `${JSON.stringify(after)} comes after ${JSON.stringify(before)}`;
  }
  return undefined;
}

/** Seen cards come first, then new ones, each part by ascending id. */
export const seenFirstCheck: Check = {
  requirement: 'gw.5.1.seen-first',
  definedIn: import.meta.url,
  timeoutMs: SCENARIO_TIMEOUT_MS,
  async run(context) {
    const scenario = await scenarioOrSkip(context);
    if (!isScenario(scenario)) return scenario;
    const problems: string[] = [];
    for (const [name, browse] of [
      ['the first browse', scenario.first],
      ['the second browse', scenario.second],
      ['the second browse repeated', scenario.secondAgain],
    ] as const) {
      const { prefix, suffix } = partsOf(browse.cards);
      for (const [part, cards] of [
        ['seen', prefix],
        ['new', suffix],
      ] as const) {
        const problem = unsorted(cards);
        if (problem !== undefined) problems.push(`${name}, ${part} cards: ${problem}`);
      }
    }
    const order = scenario.second.cards.filter((card) => !isMarker(card)).map(idOf);
    const lastSeen = Math.max(...order.map((id, index) => (scenario.seenIds.has(id) ? index : -1)));
    const firstNew = order.findIndex((id) => scenario.newIds.has(id));
    if (firstNew !== -1 && firstNew < lastSeen) {
      problems.push(
        `the second browse lists the new ${JSON.stringify(order[firstNew])} before the seen ${JSON.stringify(order[lastSeen])}`,
      );
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `the second browse lists ${scenario.seenIds.size} seen cards first, then new ones, each by id`,
        );
  },
};

/** Each card of `browse` that `frozen` holds equals it byte for byte, as problems. */
function changedCards(
  name: string,
  browse: ScenarioBrowse,
  frozen: ReadonlyMap<string, string>,
): string[] {
  return browse.cards.flatMap((card) => {
    const before = frozen.get(idOf(card));
    return before === undefined || before === JSON.stringify(card)
      ? []
      : [
          `${name} changed the seen card ${idOf(card)}: ${before.slice(0, 80)} → ${JSON.stringify(card).slice(0, 80)}`,
        ];
  });
}

function frozenOf(...browses: ScenarioBrowse[]): Map<string, string> {
  const frozen = new Map<string, string>();
  for (const browse of browses) {
    for (const card of browse.cards) {
      if (!isMarker(card) && !frozen.has(idOf(card))) frozen.set(idOf(card), JSON.stringify(card));
    }
  }
  return frozen;
}

function sameBytes(name: string, before: ScenarioBrowse, after: ScenarioBrowse): string[] {
  return before.answer.text === after.answer.text &&
    JSON.stringify(before.cards) === JSON.stringify(after.cards)
    ? []
    : [`${name} did not repeat the bytes of the earlier same browse`];
}

/** Seen cards come back as first seen, and repeated browses repeat their bytes. */
export const frozenCardsCheck: Check = {
  requirement: 'gw.5.1.frozen-cards',
  definedIn: import.meta.url,
  timeoutMs: SCENARIO_TIMEOUT_MS,
  async run(context) {
    const scenario = await scenarioOrSkip(context);
    if (!isScenario(scenario)) return scenario;
    const fromFirst = frozenOf(scenario.first);
    const problems = [
      ...sameBytes('the first browse repeated', scenario.firstAgain, scenario.firstLast),
      ...changedCards('the first browse repeated', scenario.firstAgain, fromFirst),
      ...changedCards('the second browse', scenario.second, fromFirst),
      ...changedCards(
        'the second browse repeated',
        scenario.secondAgain,
        frozenOf(scenario.first, scenario.second),
      ),
      ...changedCards('the first browse after the second', scenario.firstLast, fromFirst),
    ];
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `${fromFirst.size} cards seen first under one query came back byte for byte under another`,
        );
  },
};

/** The marker appears once between seen and new cards, and only then. */
export const breakpointCheck: Check = {
  requirement: 'gw.5.3.breakpoint',
  definedIn: import.meta.url,
  timeoutMs: SCENARIO_TIMEOUT_MS,
  async run(context) {
    const scenario = await scenarioOrSkip(context);
    if (!isScenario(scenario)) return scenario;
    const problems: string[] = [];
    for (const [name, browse] of [
      ['the first browse of the session (all new)', scenario.first],
      ['the first browse repeated (all seen)', scenario.firstAgain],
      ['the browse of "/" (all new)', scenario.root],
      ['the second browse repeated (all seen)', scenario.secondAgain],
    ] as const) {
      const markers = browse.cards.filter(isMarker).length;
      if (markers > 0) problems.push(`${name} lists ${markers} ${CACHE_BREAKPOINT_ID} card(s)`);
    }
    const { prefix, suffix, markers } = partsOf(scenario.second.cards);
    const marker = scenario.second.cards.find(isMarker);
    if (markers !== 1 || marker === undefined) {
      problems.push(
        `the second browse (seen and new cards) lists ${markers} ${CACHE_BREAKPOINT_ID} cards, not 1`,
      );
    } else {
      if (marker.kind !== 'internal')
        problems.push(`the marker has kind ${JSON.stringify(marker.kind)}`);
      const newBefore = prefix.map(idOf).filter((id) => scenario.newIds.has(id));
      const seenAfter = suffix.map(idOf).filter((id) => scenario.seenIds.has(id));
      if (newBefore.length > 0)
        problems.push(`new cards come before the marker: ${newBefore.join(', ')}`);
      if (seenAfter.length > 0)
        problems.push(`seen cards come after the marker: ${seenAfter.join(', ')}`);
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`one internal ${CACHE_BREAKPOINT_ID} card, between seen and new cards only`);
  },
};

/** A tool run counts as seen; an id whose hydration failed does not. */
export const hydrationCheck: Check = {
  requirement: 'gw.5.5.hydration',
  definedIn: import.meta.url,
  timeoutMs: SCENARIO_TIMEOUT_MS,
  async run(context) {
    const scenario = await scenarioOrSkip(context);
    if (!isScenario(scenario)) return scenario;
    const { executed, failed } = scenario;
    const problems: string[] = [];
    if (executed.answer.isError) {
      problems.push(`tool_execute ${executed.toolId} answered ${describeAnswer(executed.answer)}`);
    }
    if (errorCodeOf(failed.answer) !== 'HYDRATE_FAILED') {
      problems.push(
        `tool_execute ${failed.sentId} answered ${describeAnswer(failed.answer)}, not HYDRATE_FAILED`,
      );
    }
    const { prefix, suffix } = partsOf(scenario.second.cards);
    if (!prefix.some((card) => idOf(card) === executed.toolId)) {
      problems.push(
        `the second browse does not list the executed ${executed.toolId} among the seen cards`,
      );
    }
    if (!suffix.some((card) => idOf(card) === failed.toolId)) {
      problems.push(
        `the second browse does not list ${failed.toolId} among the new cards after the failed hydration of ${failed.sentId}`,
      );
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(
          `the executed ${executed.toolId} came back seen; ${failed.toolId} stayed new after a failed hydration`,
        );
  },
};

/** The checks of cache-stable browsing, in catalog order. */
export const cacheStableChecks: readonly Check[] = [
  seenFirstCheck,
  frozenCardsCheck,
  breakpointCheck,
  hydrationCheck,
];
