/**
 * The metadata every MCS driver carries, as a zod schema with the specification's field names.
 *
 * @module
 */

import { z } from 'zod';
import { BridgeLaunchSchema } from './autostart/bridge-launch.js';
import { McsError } from './errors.js';

/**
 * The shape of a function-name prefix: a letter, then up to 31 letters, digits, `_` or `-`, so
 * that a prefixed name stays within the tool-name rules of the common LLM APIs.
 *
 * @see mcs §3
 */
export const PREFIX_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,31}$/;

/**
 * The metadata of a driver (mcs §3 `DriverMeta`), field for field.
 *
 * - `id`: a UUID naming the driver implementation (for registries and code checks).
 * - `prefix`: optional; prepended to function names to avoid collisions when drivers are combined.
 * - `protocol`, `transport`, `spec_format`: free text such as `REST`, `HTTP`, `OpenAPI`.
 * - `target_llms`: the models the driver's prompts are tailored for; `*` is the generic prompt.
 *   A `*` inside an entry is a wildcard too (`gpt-*`), an extension of the spec's `*`.
 *   Defaults to `["*"]`.
 * - `capabilities`: the optional capability flags (mcs §5: `healthcheck`, `cache`, `status`,
 *   `stream`) and any driver-specific extension names. Defaults to `[]`.
 * - `autostart`: optional; how an autostart companion launches the driver's bridge (mcs §6,
 *   an extension of the spec's fields; see `startBridge` in `@x/mcs/autostart`).
 *
 * @see mcs §3
 */
export const DriverMetaSchema = z.object({
  /** A UUID naming the driver implementation, for registries and code checks. */
  id: z.uuid(),
  /** Prepended to function names when drivers are combined, to avoid collisions. */
  prefix: z.string().regex(PREFIX_PATTERN).optional(),
  /** The protocol the driver speaks: `REST`, `GraphQL`, `EDI`, `MCP`, ... */
  protocol: z.string().min(1),
  /** The transport under the protocol: `HTTP`, `AS2`, `CAN`, `MQTT`, `stdio`, ... */
  transport: z.string().min(1),
  /** The format of the function description: `OpenAPI`, `JSON-Schema`, `WSDL`, `Custom`, ... */
  spec_format: z.string().min(1),
  /** The models the prompts are tailored for; `*` is the generic prompt. */
  target_llms: z
    .array(z.string().min(1))
    .min(1)
    .refine((entries) => new Set(entries).size === entries.length, 'entries must be unique')
    .default(['*']),
  /** The optional capability flags (mcs §5) and driver-specific extension names. */
  capabilities: z
    .array(z.string().min(1))
    .refine((entries) => new Set(entries).size === entries.length, 'entries must be unique')
    .default([]),
  /** How to launch the bridge (mcs §6); read by the autostart companion, not by the driver. */
  autostart: BridgeLaunchSchema.optional(),
});

/**
 * The metadata of a driver, as validated by {@link DriverMetaSchema}.
 *
 * @see mcs §3
 */
export type DriverMeta = z.infer<typeof DriverMetaSchema>;

/**
 * What a driver author writes: {@link DriverMeta} with `target_llms` and `capabilities` optional.
 *
 * @see mcs §3
 */
export type DriverMetaInput = z.input<typeof DriverMetaSchema>;

/**
 * Validates driver metadata and returns a copy with defaults filled in.
 *
 * @throws McsError `META_INVALID`, naming the first offending field.
 * @see mcs §3
 */
export function parseDriverMeta(input: unknown): DriverMeta {
  const result = DriverMetaSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue === undefined ? '' : issue.path.join('.');
    throw new McsError({
      code: 'META_INVALID',
      message: `driver meta is invalid${field === '' ? '' : ` at ${field}`}: ${issue?.message ?? 'unknown issue'}`,
      data: {
        issues: result.error.issues.map((entry) => ({
          path: entry.path.join('.'),
          message: entry.message,
        })),
      },
    });
  }
  return result.data;
}
