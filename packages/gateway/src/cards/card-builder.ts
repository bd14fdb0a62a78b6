/**
 * Building ChoiceCards from MCP tools and from ChoiceGraph nodes.
 *
 * @module
 */

import { GatewayError } from '../errors.js';
import { parseToolId } from '../tool-id/tool-id.js';
import { deriveToolId, type UpstreamToolIdentity } from '../tool-id/tool-id-derive.js';
import { capLength, toSingleLine } from '../util/strings.js';
import {
  CARD_HARD_CAP_TOKENS,
  CARD_TARGET_TOKENS,
  countCardParts,
  overBudget,
  restCardTokens,
  shownFittedCardTokens,
} from './card-render.js';
import { type ChoiceCard, normalizeTags, safetyOf } from './choice-card.js';
import { truncateDescriptionCounted } from './description-truncation.js';

/**
 * The part of an MCP `Tool` a card is built from (an SDK `Tool` fits).
 *
 * @see gateway-surface §2.1
 */
export interface CardSourceTool extends UpstreamToolIdentity {
  /** The upstream description. */
  description?: string | undefined;
  /** The upstream display title, used when there is no description. */
  title?: string | undefined;
  /** The upstream's behaviour hints; only `title`, `readOnlyHint` and `destructiveHint` are read. */
  annotations?:
    | {
        /** A display title. */
        title?: string | undefined;
        /** The upstream says the tool changes nothing. */
        readOnlyHint?: boolean | undefined;
        /** The upstream says the tool may destroy data. */
        destructiveHint?: boolean | undefined;
      }
    | undefined;
}

/**
 * What {@link buildCard} takes besides the tool.
 *
 * @see gateway-surface §2.1
 */
export interface BuildCardOptions {
  /** The tool's canonical id when already derived; otherwise it is derived with `namespace` and `version`. */
  toolId?: string;
  /** The configured namespace, passed to `deriveToolId` when `toolId` is absent. */
  namespace?: string;
  /** A version, passed to `deriveToolId` when `toolId` is absent. */
  version?: string;
  /** The router's score, carried in the JSON form only. */
  score?: number;
  /** The card kind; default `tool`. */
  kind?: 'tool' | 'agent' | 'skill';
  /** Catalog tags; normalized, safety tags added from the annotations. */
  tags?: readonly string[];
  /** A cost hint, at least 0; default 0. */
  costHint?: number;
  /** Whether calling the tool changes state; default from the annotations (see {@link buildCard}). */
  sideEffects?: boolean;
}

const NAME_MAX_LENGTH = 64;

function cardInvalid(message: string, field: string): GatewayError {
  return new GatewayError({ code: 'CARD_INVALID', message, data: { reason: 'option', field } });
}

function hasProperties(inputSchema: unknown): boolean {
  if (typeof inputSchema !== 'object' || inputSchema === null) return false;
  const properties = (inputSchema as { properties?: unknown }).properties;
  return (
    typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0
  );
}

/**
 * Fits a card's description into its budget and checks the hard cap (not
 * exported from the index).
 *
 * The description budget starts at the card target (60 tokens) minus the
 * tokens of the card rendered without a description; while the rendered card
 * still exceeds the target (the separator and token merges at the joins cost
 * a little), the budget shrinks by the excess, down to 1. The description is
 * truncated per §2.4 each time; the final card must be within the hard cap
 * (80), or {@link GatewayError} `CARD_OVER_BUDGET` is thrown. No other field
 * is ever shortened to meet the budget.
 */
export function fitDescription(card: ChoiceCard, description: string): ChoiceCard {
  const parts = countCardParts(card);
  const rest = restCardTokens(parts);
  if (rest > CARD_HARD_CAP_TOKENS) {
    throw overBudget(
      `card ${card.id} takes ${rest} tokens without its description`,
      rest,
      CARD_HARD_CAP_TOKENS,
      card.id,
    );
  }
  let budget = Math.max(1, CARD_TARGET_TOKENS - rest);
  let counted = truncateDescriptionCounted(description, budget);
  let fitted = { ...card, description: counted.text };
  let total = shownFittedCardTokens(fitted, counted, parts);
  while (total > CARD_TARGET_TOKENS && budget > 1) {
    budget = Math.max(1, budget - (total - CARD_TARGET_TOKENS));
    counted = truncateDescriptionCounted(description, budget);
    fitted = { ...card, description: counted.text };
    total = shownFittedCardTokens(fitted, counted, parts);
  }
  if (total > CARD_HARD_CAP_TOKENS) {
    throw overBudget(`card ${card.id} takes ${total} tokens`, total, CARD_HARD_CAP_TOKENS, card.id);
  }
  return fitted;
}

/**
 * Builds the card of an upstream MCP tool.
 *
 * Only permitted fields are produced, so schemas, annotations, `_meta`,
 * examples and URLs are stripped by construction. `name` is the id's name part
 * (cut to 64 characters with `…`); `description` is the upstream description
 * (or title) made one line and truncated per §2.4; tags get `read-only` when
 * `readOnlyHint` is true and `destructive` when `destructiveHint` is true (only
 * explicit hints count); `safety` follows the tags; `side_effects` defaults to
 * true when `destructiveHint` is true or `readOnlyHint` is false; `has_schema`
 * is true when the input schema declares at least one property. Throws
 * {@link GatewayError} `CARD_OVER_BUDGET` above the hard cap, `CARD_INVALID`
 * for a bad option, and the errors of `parseToolId` / `deriveToolId`.
 *
 * @see gateway-surface §2.1, §2.2, §2.3, §2.4
 */
export function buildCard(tool: CardSourceTool, options: BuildCardOptions = {}): ChoiceCard {
  const { card, description } = cardSkeleton(tool, options);
  return fitDescription(card, description);
}

/**
 * The card of a tool with an empty description, and the one-line-to-be
 * description {@link buildCard} fits into it; `createCatalog` uses it to
 * check the hard cap at ingest without fitting every description. Not
 * exported from the index.
 */
export function cardSkeleton(
  tool: CardSourceTool,
  options: BuildCardOptions = {},
): { card: ChoiceCard; description: string } {
  const toolId =
    options.toolId ??
    deriveToolId(tool, {
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
      ...(options.version === undefined ? {} : { version: options.version }),
    }).toolId;
  const parts = parseToolId(toolId);
  const annotations = tool.annotations ?? {};
  const hintTags = [
    ...(annotations.readOnlyHint === true ? ['read-only'] : []),
    ...(annotations.destructiveHint === true ? ['destructive'] : []),
  ];
  const tags = normalizeTags([...(options.tags ?? []), ...hintTags]);
  const costHint = options.costHint ?? 0;
  if (!Number.isFinite(costHint) || costHint < 0)
    throw cardInvalid('cost hint must be finite and >= 0', 'costHint');
  if (options.score !== undefined && !Number.isFinite(options.score)) {
    throw cardInvalid('score must be finite', 'score');
  }
  if (options.kind !== undefined && !['tool', 'agent', 'skill'].includes(options.kind)) {
    throw cardInvalid('kind must be tool, agent or skill', 'kind');
  }
  const card: ChoiceCard = {
    id: toolId,
    name: capLength(parts.name, NAME_MAX_LENGTH),
    description: '',
    tags,
    kind: options.kind ?? 'tool',
    namespace: parts.namespace,
    has_schema: hasProperties(tool.inputSchema),
    ...(options.score === undefined ? {} : { score: options.score }),
    cost_hint: costHint,
    side_effects:
      options.sideEffects ??
      (annotations.destructiveHint === true || annotations.readOnlyHint === false),
    safety: safetyOf(tags),
  };
  const description = tool.description ?? tool.title ?? annotations.title ?? '';
  return { card, description: typeof description === 'string' ? description : '' };
}

/**
 * What {@link buildNodeCard} takes.
 *
 * @see gateway-surface §3.3
 */
export interface NodeCardInput {
  /** The node's path, which is the card id. */
  path: string;
  /** The namespace the node belongs to ('' for none). */
  namespace: string;
  /** The node's display name (its last segment). */
  name: string;
  /** What the node holds. */
  description: string;
}

/**
 * Builds the `internal` card of a ChoiceGraph node (a namespace or a cluster).
 *
 * Budget rules are those of {@link buildCard}.
 *
 * @see gateway-surface §2.3, §3.3, §5.4
 */
export function buildNodeCard(input: NodeCardInput): ChoiceCard {
  const card: ChoiceCard = {
    id: input.path,
    name: capLength(toSingleLine(input.name), NAME_MAX_LENGTH),
    description: '',
    tags: [],
    kind: 'internal',
    namespace: input.namespace,
    has_schema: false,
    cost_hint: 0,
    side_effects: false,
    safety: '',
  };
  return fitDescription(card, input.description);
}
