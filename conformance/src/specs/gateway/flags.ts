/**
 * The command-line form of a gateway target's probe (`settings.gateway`), so every gateway check
 * can run against a gateway or proxy the run did not start: `--gateway-tool` names the tool,
 * `--gateway-large-args` its arguments with a large result, `--gateway-invalid-args` arguments
 * that break its input schema.
 *
 * @module
 */

import { z } from 'zod';
import { ConformanceError } from '../../errors.js';
import { type GatewayProbe, GatewayProbeSchema } from './settings.js';

/** The three flags, as given (each absent when not given). */
export interface GatewayFlags {
  /** `--gateway-tool`: the probe tool's id, with or without `@version` / `#hash8`. */
  readonly tool: string | undefined;
  /** `--gateway-large-args`: a JSON object of arguments whose result is large. */
  readonly largeArgs: string | undefined;
  /** `--gateway-invalid-args`: a JSON object of arguments that break the tool's schema. */
  readonly invalidArgs: string | undefined;
}

function usage(message: string): ConformanceError {
  return new ConformanceError({ code: 'USAGE', message });
}

function parseArgsObject(flag: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw usage(`--${flag} is not JSON: ${text}`);
  }
  const parsed = z.record(z.string(), z.unknown()).safeParse(value);
  if (!parsed.success) throw usage(`--${flag} must be a JSON object, got ${text}`);
  return parsed.data;
}

/**
 * The gateway probe the flags describe, or `undefined` when none is given.
 *
 * @throws ConformanceError `USAGE` when only some are given or one is malformed.
 */
export function parseGatewayFlags(flags: GatewayFlags): GatewayProbe | undefined {
  const given = Object.values(flags).filter((value) => value !== undefined).length;
  if (given === 0) return undefined;
  if (
    flags.tool === undefined ||
    flags.largeArgs === undefined ||
    flags.invalidArgs === undefined
  ) {
    throw usage('--gateway-tool, --gateway-large-args and --gateway-invalid-args go together');
  }
  const parsed = GatewayProbeSchema.safeParse({
    tool: flags.tool.trim(),
    largeArgs: parseArgsObject('gateway-large-args', flags.largeArgs),
    invalidArgs: parseArgsObject('gateway-invalid-args', flags.invalidArgs),
  });
  if (!parsed.success) throw usage('--gateway-tool needs a tool id');
  return parsed.data;
}
