/**
 * One session's cache-stable browse state: its seen set with the frozen
 * cards, kept in the `SessionStore` (gateway-surface §5).
 *
 * @module
 */

import type { JsonValue, SessionStore } from '@x/core/sessions';
import type { ChoiceCard } from '../../cards/choice-card.js';
import { sha256Hex } from '../../util/digest.js';
import type { Catalog } from '../catalog.js';
import type { CacheStableOptions } from './cache-stable-options.js';
import { cacheStableOrder } from './cache-stable-order.js';

/**
 * The cache-stable state of one session.
 *
 * @see gateway-surface §5
 */
export interface BrowseSession {
  /** The session store key of the seen set: `gateway:<sessionId>:seen`. */
  readonly key: string;
  /**
   * Orders the cards of one browse (§5.1) and records its tool cards as
   * seen, frozen as they are now. Only `tool` cards are recorded; node
   * cards always count as new.
   */
  arrange(catalog: Catalog, cards: readonly ChoiceCard[]): Promise<ChoiceCard[]>;
  /** Records a tool whose hydration succeeded (§5.5); call it only after success. */
  recordHydrated(catalog: Catalog, card: ChoiceCard): Promise<void>;
}

interface SeenState {
  catalog: string;
  cards: Record<string, ChoiceCard>;
}

const fingerprints = new WeakMap<Catalog, string>();

/**
 * A digest of what a catalog's cards are made of (ids, descriptions, titles,
 * safety hints), the same in every process for the same upstream listings, so
 * instances sharing a store agree on whether a refresh changed anything.
 */
export function catalogFingerprint(catalog: Catalog): string {
  let fingerprint = fingerprints.get(catalog);
  if (fingerprint === undefined) {
    const parts = catalog.toolIds.map((toolId) => {
      const tool = catalog.entry(toolId)?.tool;
      return [
        toolId,
        tool?.description ?? null,
        tool?.title ?? null,
        tool?.annotations?.title ?? null,
        tool?.annotations?.readOnlyHint ?? null,
        tool?.annotations?.destructiveHint ?? null,
      ];
    });
    fingerprint = sha256Hex(JSON.stringify(parts)).slice(0, 16);
    fingerprints.set(catalog, fingerprint);
  }
  return fingerprint;
}

function readState(value: JsonValue | undefined, catalog: string): SeenState {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const state = value as unknown as SeenState;
    if (state.catalog === catalog && typeof state.cards === 'object' && state.cards !== null) {
      return { catalog, cards: { ...state.cards } };
    }
  }
  return { catalog, cards: {} };
}

/**
 * Creates the browse state of one session over `store`.
 *
 * The seen set lives under `gateway:<sessionId>:seen` as `{catalog, cards}`,
 * written with one atomic `update` per browse, so sessions served by several
 * instances over a shared store see one seen set. A catalog refresh that
 * changes any card's makings (a new fingerprint) starts every session's seen
 * set afresh on its next browse: frozen cards never outlive the catalog they
 * came from, and a removed tool is never re-emitted (§4.6). Once `maxSeen`
 * ids are recorded, further cards stay new and the prefix stays stable.
 * The entry expires `ttlMs` after the session's last browse; it is not
 * deleted when one instance closes its copy of the session, since another
 * instance may still serve it.
 *
 * @see gateway-surface §4.6, §5.1, §5.3, §5.5
 */
export function createBrowseSession(
  store: SessionStore,
  sessionId: string,
  options: Pick<CacheStableOptions, 'maxSeen' | 'ttlMs'>,
): BrowseSession {
  const key = `gateway:${sessionId}:seen`;

  async function record(catalog: Catalog, cards: readonly ChoiceCard[]): Promise<SeenState> {
    const fingerprint = catalogFingerprint(catalog);
    let before: SeenState = { catalog: fingerprint, cards: {} };
    await store.update(
      key,
      (current) => {
        before = readState(current, fingerprint);
        const next = { catalog: fingerprint, cards: { ...before.cards } };
        let size = Object.keys(next.cards).length;
        for (const card of cards) {
          if (card.kind !== 'tool' || Object.hasOwn(next.cards, card.id)) continue;
          if (size >= options.maxSeen) break;
          next.cards[card.id] = card;
          size += 1;
        }
        return next as unknown as JsonValue;
      },
      { ttlMs: options.ttlMs },
    );
    return before;
  }

  return {
    key,
    async arrange(catalog, cards) {
      const before = await record(catalog, cards);
      return cacheStableOrder(cards, new Map(Object.entries(before.cards)));
    },
    async recordHydrated(catalog, card) {
      await record(catalog, [card]);
    },
  };
}
