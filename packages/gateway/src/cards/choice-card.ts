/**
 * The ChoiceCard: the schema-free, bounded browse format of a tool.
 *
 * @module
 */

import { z } from 'zod';
import { GatewayError } from '../errors.js';
import { primitiveCardProblem } from '../primitives/primitive-id.js';
import { isToolId, NAMESPACE_PATTERN, parseToolId } from '../tool-id/tool-id.js';
import { compareCodePoints } from '../util/strings.js';

/**
 * What a card stands for. `internal` marks cards that are no tool: ChoiceGraph
 * nodes (namespaces, clusters) and the cache breakpoint marker of §5;
 * `resource` and `prompt` mark the cards of `resource_browse` and
 * `prompt_browse` (§9.4), whose ids are primitive ids.
 *
 * @see gateway-surface §2.1, §5.4, §9.4
 */
export const CARD_KINDS = ['tool', 'agent', 'skill', 'internal', 'resource', 'prompt'] as const;

/**
 * The safety classes a card can carry.
 *
 * @see gateway-surface §2.1
 */
export const CARD_SAFETY_CLASSES = ['', 'read_only', 'destructive'] as const;

/**
 * The two tags that are exempt from the tag cap and drive `safety`.
 *
 * @see gateway-surface §2.1
 */
export const SAFETY_TAGS = ['destructive', 'read-only'] as const;

/**
 * The cap on tags other than the {@link SAFETY_TAGS}.
 *
 * @see gateway-surface §2.1
 */
export const MAX_CARD_TAGS = 5;

/**
 * What a tag looks like: 1-24 letters, digits, `_`, `.`, `+` or `-`. No
 * spaces, quotes, braces, colons or slashes, so a tag cannot smuggle a
 * stringified schema, a URL or a `key=value` map into a card.
 *
 * @see gateway-surface §2.1, §2.2
 */
export const TAG_PATTERN = /^[\p{L}\p{N}_.+-]{1,24}$/u;

/**
 * Fields that may never appear on a card, in any spelling the ecosystem uses.
 *
 * @see gateway-surface §2.2
 */
export const BANNED_CARD_FIELDS = [
  'args_schema',
  'inputSchema',
  'input_schema',
  'output_schema',
  'outputSchema',
  'examples',
  'example',
  'annotations',
  '_meta',
  'meta',
  'metadata',
  'url',
  'server_url',
  'serverUrl',
  'transport',
] as const;

/** The longest id of an internal card (a ChoiceGraph path); tool ids obey their own 240. */
const INTERNAL_ID_MAX_LENGTH = 1024;

/** Lines a card text may not break: control characters and line separators. */
const SINGLE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;

/**
 * The zod schema of a card: exactly the permitted fields, nothing else.
 *
 * Field names are the spec's, so a card serialised with `JSON.stringify` is
 * the card's JSON form. Non-internal cards must carry a §1.1 `tool_id` whose
 * namespace is the card's; internal cards carry a path or marker id and may
 * have an empty namespace. Tags are sorted, unique, in {@link TAG_PATTERN},
 * and at most {@link MAX_CARD_TAGS} besides the safety tags.
 *
 * @see gateway-surface §2.1
 */
export const ChoiceCardSchema = z
  .strictObject({
    /** The canonical `tool_id`, or a path or marker for an internal card. */
    id: z.string().min(1).max(INTERNAL_ID_MAX_LENGTH).regex(SINGLE_LINE),
    /** A short display name, at most 64 characters. */
    name: z.string().min(1).max(64).regex(SINGLE_LINE),
    /** A one-line summary, truncated per §2.4. */
    description: z.string().regex(SINGLE_LINE),
    /** Sorted, unique tags; at most 5 besides the safety tags. */
    tags: z.array(z.string().regex(TAG_PATTERN)),
    /** What the card stands for. */
    kind: z.enum({
      /** An upstream tool. */
      tool: 'tool',
      /** An agent. */
      agent: 'agent',
      /** A skill. */
      skill: 'skill',
      /** A ChoiceGraph node or a marker, not a tool. */
      internal: 'internal',
      /** An upstream resource (§9); its id is `resource::<tool_id>`. */
      resource: 'resource',
      /** An upstream prompt (§9); its id is `prompt::<tool_id>`. */
      prompt: 'prompt',
    }),
    /** The id's namespace. */
    namespace: z.string(),
    /** Whether the tool takes arguments; never the schema itself. */
    has_schema: z.boolean(),
    /** The router's score, in the JSON form only. */
    score: z.number().finite().optional(),
    /** A cost hint, rendered when above 0. */
    cost_hint: z.number().finite().nonnegative(),
    /** Whether calling the tool changes state, rendered when true. */
    side_effects: z.boolean(),
    /** The safety class, from the safety tags. */
    safety: z.enum({
      /** No safety hint. */
      '': '',
      /** The upstream says the tool changes nothing. */
      read_only: 'read_only',
      /** The upstream says the tool may destroy data. */
      destructive: 'destructive',
    }),
  })
  .superRefine((card, context) => {
    const problem = cardProblem(card);
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem });
  });

/**
 * A ChoiceCard.
 *
 * @see gateway-surface §2.1
 */
export type ChoiceCard = z.infer<typeof ChoiceCardSchema>;

function cardProblem(card: Omit<ChoiceCard, 'score'>): string | undefined {
  if (card.kind === 'internal') {
    if (card.namespace !== '' && !NAMESPACE_PATTERN.test(card.namespace)) return 'bad namespace';
  } else if (card.kind === 'resource' || card.kind === 'prompt') {
    const problem = primitiveCardProblem(card.id, card.kind, card.namespace);
    if (problem !== undefined) return problem;
  } else {
    if (!isToolId(card.id)) return 'the id of a non-internal card is a tool_id';
    if (parseToolId(card.id).namespace !== card.namespace) return 'namespace differs from the id';
  }
  const tags = card.tags;
  if (tags.some((tag, index) => index > 0 && compareCodePoints(tags[index - 1] ?? '', tag) >= 0)) {
    return 'tags are sorted and unique';
  }
  const ordinary = tags.filter((tag) => !isSafetyTag(tag));
  if (ordinary.length > MAX_CARD_TAGS) return `at most ${MAX_CARD_TAGS} tags besides safety tags`;
  return undefined;
}

function isSafetyTag(tag: string): boolean {
  return (SAFETY_TAGS as readonly string[]).includes(tag);
}

/**
 * Checks a card that came from elsewhere (a cache, another process).
 *
 * A banned field (§2.2) throws {@link GatewayError} `CARD_INVALID` with
 * `data.reason` `banned field` and the field name; any other deviation from
 * {@link ChoiceCardSchema} throws `CARD_INVALID` with the first issue.
 *
 * @see gateway-surface §2.1, §2.2
 */
export function parseChoiceCard(value: unknown): ChoiceCard {
  if (typeof value === 'object' && value !== null) {
    const banned = BANNED_CARD_FIELDS.find((field) => Object.hasOwn(value, field));
    if (banned !== undefined) {
      throw new GatewayError({
        code: 'CARD_INVALID',
        message: `a card may not carry ${banned}`,
        data: { reason: 'banned field', field: banned },
      });
    }
  }
  const result = ChoiceCardSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new GatewayError({
    code: 'CARD_INVALID',
    message: `invalid card: ${field === '' ? '' : `${field}: `}${issue?.message ?? 'unknown problem'}`,
    data: { reason: 'schema', field },
  });
}

/**
 * Normalizes tags: trims them, drops those outside {@link TAG_PATTERN},
 * removes repeats, sorts by code point, and keeps the safety tags plus the
 * first {@link MAX_CARD_TAGS} others. Safety tags never count against the
 * cap, so no lexicographically earlier tag can evict them.
 *
 * @see gateway-surface §2.1 (tags)
 */
export function normalizeTags(tags: Iterable<string>): string[] {
  const unique = new Set<string>();
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const trimmed = tag.trim();
    if (TAG_PATTERN.test(trimmed)) unique.add(trimmed);
  }
  const sorted = [...unique].sort(compareCodePoints);
  const ordinary = sorted.filter((tag) => !isSafetyTag(tag)).slice(0, MAX_CARD_TAGS);
  const safety = sorted.filter(isSafetyTag);
  return [...safety, ...ordinary].sort(compareCodePoints);
}

/**
 * The safety class of a set of tags: `destructive` wins over `read_only`.
 *
 * @see gateway-surface §2.1 (safety)
 */
export function safetyOf(tags: readonly string[]): ChoiceCard['safety'] {
  if (tags.includes('destructive')) return 'destructive';
  if (tags.includes('read-only')) return 'read_only';
  return '';
}
