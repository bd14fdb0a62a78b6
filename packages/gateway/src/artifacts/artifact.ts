/**
 * What an artifact is, whatever store keeps it: its shape, the store interface and the handle
 * of some content. The bottom of the artifact modules: the limits (`artifact-record.ts`) and
 * every store build on it.
 *
 * @module
 */

/**
 * What an artifact handle looks like: `art_` and 32 hex characters, 128 random bits drawn for
 * each stored artifact, so a handle names nothing about its content and cannot be guessed.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export const ARTIFACT_HANDLE_PATTERN = /^art_[0-9a-f]{32}$/;

/**
 * A stored artifact.
 *
 * @see gateway-surface §4.2
 */
export interface Artifact {
  /** The handle `tool_view` takes. */
  readonly handle: string;
  /** `application/json`, `text/plain`, or a binary block's own type (then `text` is base64). */
  readonly mediaType: string;
  /** The content as stored (cut to the store's per-artifact cap when `truncated`). */
  readonly text: string;
  /** The UTF-8 size of the content before any cut. */
  readonly bytes: number;
  /** True when the content was cut to the per-artifact cap. */
  readonly truncated: boolean;
  /** The content's lines, split on first use (`\r\n`, `\n` or `\r`). */
  lines(): readonly string[];
  /** The content parsed as JSON on first use, when the media type is JSON and it parses. */
  json(): ArtifactJson;
}

/**
 * An artifact's content parsed as JSON, or why not.
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export type ArtifactJson =
  | {
      /** The content is JSON. */
      ok: true;
      /** The parsed value. */
      value: unknown;
    }
  | {
      /** The content is not JSON (another media type, or malformed or cut). */
      ok: false;
    };

/**
 * What {@link ArtifactStore.put} takes.
 *
 * @see gateway-surface §4.2
 */
export interface ArtifactInput {
  /** The content: text, or base64 for a binary block. */
  text: string;
  /** Its media type. */
  mediaType: string;
}

/**
 * Where one session's artifacts live: in memory by default
 * ({@link createMemoryArtifactStore}), or shared by several instances
 * (`createSharedArtifacts` in `@x/gateway/artifacts`).
 *
 * @see gateway-surface §4.2
 */
export interface ArtifactStore {
  /** Stores content under a new handle ({@link newArtifactHandle}) and returns the artifact. */
  put(input: ArtifactInput): Promise<Artifact>;
  /**
   * The artifact of a handle, which becomes the most recently used; `undefined` when unknown.
   * Throws `GatewayError` `VIEW_FAILED` (`data.reason: "evicted"`, with the limits) for a handle
   * evicted recently to stay within the session's limits.
   */
  get(handle: string): Promise<Artifact | undefined>;
  /**
   * Called when this instance's copy of the session closes: an in-memory store forgets every
   * artifact; a shared store drops only what this instance caches, since the session may go on
   * elsewhere (its artifacts end with the session or their time to live).
   */
  clear(): Promise<void>;
}

/** How many evicted handles a store remembers, to tell "evicted" from "unknown". */
export const REMEMBERED_EVICTIONS = 64;

/**
 * A new artifact handle: `art_` and 128 random bits from Web Crypto's `getRandomValues`, in hex.
 * The one value of a gateway response that is random by design: a handle is a capability, so it
 * must not be derivable from the content (a caller who knows a result must not learn its handle).
 *
 * @see gateway-surface §4.2 (tool_view)
 */
export function newArtifactHandle(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return `art_${hex}`;
}
