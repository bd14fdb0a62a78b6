/**
 * The command-line form of a gateway target's probe (`settings.gateway`), so every gateway check
 * can run against a gateway or proxy the run did not start: `--gateway-tool` names the tool,
 * `--gateway-large-args` its arguments with a large result, `--gateway-invalid-args` arguments
 * that break its input schema, `--gateway-probe-upstreams` the namespaces of probe upstreams.
 *
 * @module
 */

import { z } from 'zod';
import { ConformanceError } from '../../errors.js';
import { PROBE_ECHO } from '../../probe-upstream/probe-catalog.js';
import { type GatewayProbe, GatewayProbeSchema } from './settings.js';

/** The three flags, as given (each absent when not given). */
export interface GatewayFlags {
  /** `--gateway-tool`: the probe tool's id, with or without `@version` / `#hash8`. */
  readonly tool: string | undefined;
  /** `--gateway-large-args`: a JSON object of arguments whose result is large. */
  readonly largeArgs: string | undefined;
  /** `--gateway-invalid-args`: a JSON object of arguments that break the tool's schema. */
  readonly invalidArgs: string | undefined;
  /** `--gateway-probe-upstreams`: comma-separated namespaces of probe upstreams. */
  readonly probeUpstreams?: string | undefined;
}

/** Words in the default large echo of a probe upstream: far above a firewall threshold. */
const PROBE_LARGE_WORDS = 6_000;

/** The probe calls of the first probe upstream's echo, when only the namespaces are given. */
function probeDefaults(namespaces: readonly string[]): GatewayProbe {
  return {
    tool: `${namespaces[0]}:${PROBE_ECHO}`,
    largeArgs: {
      text: Array.from({ length: PROBE_LARGE_WORDS }, (_, index) => `word${index % 100}`).join(' '),
    },
    invalidArgs: { text: 42 },
    probeUpstreams: [...namespaces],
  };
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
  const namespaces = flags.probeUpstreams
    ?.split(',')
    .map((namespace) => namespace.trim())
    .filter((namespace) => namespace !== '');
  if (namespaces?.length === 0) throw usage('--gateway-probe-upstreams needs namespaces');
  const given = [flags.tool, flags.largeArgs, flags.invalidArgs].filter(
    (value) => value !== undefined,
  ).length;
  if (given === 0) return namespaces === undefined ? undefined : probeDefaults(namespaces);
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
    ...(namespaces === undefined ? {} : { probeUpstreams: namespaces }),
  });
  if (!parsed.success) throw usage('--gateway-tool needs a tool id');
  return parsed.data;
}
