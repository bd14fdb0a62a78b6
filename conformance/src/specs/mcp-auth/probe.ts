/**
 * The HTTP probes of the `mcp-auth` checks: the era's opening request (`initialize`, or
 * `server/discover` in the 2026-07-28 era) POSTed with a chosen credential or none, and GETs of
 * metadata documents, each answer kept with its status and `WWW-Authenticate` header.
 *
 * @module
 */

import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import type { CheckContext } from '../../check.js';
import { MODERN_PROTOCOL_VERSION } from '../../era/era.js';
import { CLIENT_INFO } from '../../package-info.js';
import { modernEnvelope, withEnvelope } from '../../session/modern-envelope.js';
import { mergeHeaders, standardHeaders } from '../../session/standard-headers.js';

/** What one probe's answer said. */
export interface ProbeAnswer {
  /** The HTTP status. */
  readonly status: number;
  /** The `WWW-Authenticate` header, `null` when absent. */
  readonly wwwAuthenticate: string | null;
  /** The body's text (at most {@link MAX_BODY_CHARACTERS}). */
  readonly body: string;
}

/** The most of a body a probe keeps. */
const MAX_BODY_CHARACTERS = 1 << 16;

/** The JSON-RPC text of the era's opening request. */
function openingRequest(context: CheckContext): string {
  if (context.target.era === 'modern') {
    return JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: withEnvelope({}, modernEnvelope()),
    });
  }
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
  });
}

async function answerOf(response: Response): Promise<ProbeAnswer> {
  const body = await response.text();
  return {
    status: response.status,
    wwwAuthenticate: response.headers.get('www-authenticate'),
    body: body.slice(0, MAX_BODY_CHARACTERS),
  };
}

/**
 * POSTs the era's opening request to the target with `bearer` as its access token, or with no
 * `Authorization` header at all when `bearer` is undefined (the target's other headers kept).
 */
export async function postOpening(
  context: CheckContext,
  bearer: string | undefined,
): Promise<ProbeAnswer> {
  const url = context.target.url;
  if (url === undefined) throw new Error('the target has no HTTP endpoint');
  const text = openingRequest(context);
  const standard =
    context.target.era === 'modern' ? standardHeaders(text, MODERN_PROTOCOL_VERSION) : {};
  const headers = mergeHeaders(context.target.headers ?? {}, {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...standard,
    authorization: bearer === undefined ? null : `Bearer ${bearer}`,
  });
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: text,
    signal: context.signal,
  });
  return answerOf(response);
}

/** The answer to the opening request without a token, probed once per target and era. */
export function unauthenticatedAnswer(context: CheckContext): Promise<ProbeAnswer> {
  return context.memo('mcp-auth:unauthenticated', () => postOpening(context, undefined));
}

/** GETs `url` (a metadata document) with no credentials. */
export async function getDocument(context: CheckContext, url: string): Promise<ProbeAnswer> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: context.signal,
  });
  return answerOf(response);
}
