/**
 * The per-request `_meta` envelope of the 2026-07-28 era (basic §General fields: `_meta`): the
 * protocol version, the client's identity and its capabilities, on every request.
 *
 * @module
 */

import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSION_META_KEY,
} from '../era/era.js';
import { CLIENT_INFO } from '../package-info.js';
import { isRecord } from './json-rpc.js';

/** The envelope x-conformance sends: 2026-07-28, its client info, no client capabilities. */
export function modernEnvelope(
  overrides: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return {
    [PROTOCOL_VERSION_META_KEY]: MODERN_PROTOCOL_VERSION,
    [CLIENT_INFO_META_KEY]: { ...CLIENT_INFO },
    [CLIENT_CAPABILITIES_META_KEY]: {},
    ...overrides,
  };
}

/** `params` with `envelope` merged into its `_meta` (the caller's own `_meta` keys kept). */
export function withEnvelope(
  params: Readonly<Record<string, unknown>> | undefined,
  envelope: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const own = isRecord(params?._meta) ? params._meta : {};
  return { ...params, _meta: { ...envelope, ...own } };
}
