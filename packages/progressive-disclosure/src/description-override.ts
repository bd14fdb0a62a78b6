/**
 * What a description file or override may say about a tool, and its validation.
 *
 * @see progressive-disclosure §4.4, §7.1
 * @module
 */

import { z } from 'zod';
import { ProgressiveDisclosureError } from './errors.js';

const JsonObjectSchema = z.record(z.string(), z.json());

/** One usage example: what it shows and the arguments of the call. */
export const ToolExampleSchema = z.strictObject({
  /** What the example shows, in one line. */
  description: z.string().min(1).optional(),
  /** The arguments of the call; checked against the tool's input schema by `checkDescriptions`. */
  input: JsonObjectSchema,
  /** What the call returns, when that helps (abridged as you like). */
  output: z.json().optional(),
});

/** One usage example of a tool. */
export type ToolExample = z.infer<typeof ToolExampleSchema>;

/**
 * A tool's description beyond what the server registers: the content of `<tool>.json` (§7.1).
 *
 * Every field is optional and replaces only itself. `summary` is the stage-1 text (otherwise the
 * first sentence of `description`); `description` the full text; `examples`, `usage_guidance`
 * and `error_guidance` are served as given (§4.4). The input schema always comes from the tool
 * itself, because that is what the server validates calls against: a file cannot replace it.
 * `$schema` is accepted for editors and ignored; any other key is refused.
 */
export const ToolDescriptionOverrideSchema = z.strictObject({
  /** The JSON Schema of the file, for editors; ignored. */
  $schema: z.string().optional(),
  /** The tool name; when present it must equal the file name (or the key of the map). */
  name: z.string().min(1).optional(),
  /** The stage-1 description; still bounded in tokens like any summary. */
  summary: z.string().min(1).optional(),
  /** The full description. */
  description: z.string().min(1).optional(),
  /** Usage examples (§3.2: SHOULD). */
  examples: z.array(ToolExampleSchema).optional(),
  /** Usage notes, e.g. `{"when_to_use": "...", "limits": "..."}`. */
  usage_guidance: JsonObjectSchema.optional(),
  /** Error handling guidance (§3.2: SHOULD), e.g. `{"NOT_FOUND": "what it means, what to do"}`. */
  error_guidance: JsonObjectSchema.optional(),
});

/** A tool's description beyond what the server registers; see {@link ToolDescriptionOverrideSchema}. */
export type ToolDescriptionOverride = z.infer<typeof ToolDescriptionOverrideSchema>;

/** Where a disclosure layer looks up the override of a tool; shared by every session. */
export interface DescriptionSource {
  /** The override of `toolName`, or `undefined` when there is none. */
  get(toolName: string): ToolDescriptionOverride | undefined;
}

/**
 * Validates one override for `toolName`; `where` names it in errors (a file, a map key).
 *
 * @throws ProgressiveDisclosureError `DESCRIPTIONS_INVALID` naming `where` and the first bad field.
 */
export function parseDescriptionOverride(
  value: unknown,
  toolName: string,
  where: string,
): ToolDescriptionOverride {
  const result = ToolDescriptionOverrideSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue === undefined || issue.path.length === 0 ? '' : ` ${issue.path.join('.')}`;
    throw new ProgressiveDisclosureError({
      code: 'DESCRIPTIONS_INVALID',
      message: `${where}:${field} ${issue?.message ?? 'invalid'}`,
      data: { where, tool: toolName },
    });
  }
  if (result.data.name !== undefined && result.data.name !== toolName) {
    throw new ProgressiveDisclosureError({
      code: 'DESCRIPTIONS_INVALID',
      message: `${where}: name "${result.data.name}" does not match the tool "${toolName}"`,
      data: { where, tool: toolName },
    });
  }
  return result.data;
}

/**
 * A {@link DescriptionSource} over overrides given in code, validated now.
 *
 * @throws ProgressiveDisclosureError `DESCRIPTIONS_INVALID` naming the tool and the field.
 */
export function createDescriptionMap(overrides: Record<string, unknown>): DescriptionSource {
  const map = new Map<string, ToolDescriptionOverride>();
  for (const [toolName, value] of Object.entries(overrides)) {
    map.set(toolName, parseDescriptionOverride(value, toolName, `description of "${toolName}"`));
  }
  return { get: (toolName) => map.get(toolName) };
}
