/**
 * Opens a raw session over whichever transport a target uses.
 *
 * @module
 */

import type { Era } from '../era/era.js';
import type { TargetTransport } from '../target.js';
import { openHttpSession } from './http-session.js';
import type { RawSession } from './raw-session.js';
import { openStdioSession } from './stdio-session.js';

/** A new raw session in `era`: a fresh process over stdio, a fresh MCP session over HTTP. */
export function openRawSession(transport: TargetTransport, era: Era = 'legacy'): RawSession {
  return transport.kind === 'stdio'
    ? openStdioSession(transport, era)
    : openHttpSession(transport, era);
}
