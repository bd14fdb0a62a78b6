/**
 * Reads one skill file through `resources/read` (SEP-2640 "Reading": skill files are ordinary
 * resources) as the bytes its digest covers.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import type { CheckContext } from '../../check.js';
import { describeRawError, errorOf, isRecord } from '../../session/json-rpc.js';

/** A file as read: its bytes and, when the server sent text, the text. */
export interface ReadSkillFile {
  /** The bytes: the text as UTF-8, or the decoded blob. */
  readonly bytes: Uint8Array;
  /** The text, when the server sent text. */
  readonly text?: string;
}

/** Reads `uri`; a string says why it could not be read. */
export async function readSkillFile(
  context: CheckContext,
  uri: string,
): Promise<ReadSkillFile | string> {
  const session = await context.session();
  const response = await session.request('resources/read', { uri });
  const error = errorOf(response);
  if (error !== undefined) return `resources/read ${uri} got error ${describeRawError(error)}`;
  const result = response.result;
  const contents = isRecord(result) && Array.isArray(result.contents) ? result.contents : [];
  const content: unknown = contents.find((item) => isRecord(item) && item.uri === uri);
  if (!isRecord(content)) return `resources/read ${uri} has no content for that URI`;
  if (typeof content.text === 'string') {
    return { bytes: new TextEncoder().encode(content.text), text: content.text };
  }
  if (typeof content.blob === 'string') {
    return { bytes: new Uint8Array(Buffer.from(content.blob, 'base64')) };
  }
  return `resources/read ${uri} has neither text nor blob`;
}

/** `sha256:` and the lowercase hex SHA-256 of `bytes`. */
export function sha256Digest(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}
