/**
 * Protocol eras: the 2025 family of revisions (opened with `initialize`) and the 2026-07-28
 * revision (stateless, opened with nothing, described by `server/discover`).
 *
 * @module
 */

/** The era a target is checked in: `legacy` (2025 revisions) or `modern` (2026-07-28). */
export type Era = 'legacy' | 'modern';

/** Every era, in report order. */
export const ERAS: readonly Era[] = ['modern', 'legacy'];

/**
 * Which eras a run uses: `auto` probes with `server/discover` and falls back to the 2025
 * handshake; `modern` or `legacy` pins one; `both` checks every era the target serves.
 */
export type EraChoice = 'auto' | Era | 'both';

/** Every {@link EraChoice}, as `--era` accepts them. */
export const ERA_CHOICES: readonly EraChoice[] = ['auto', 'modern', 'legacy', 'both'];

/** The protocol revision the modern era speaks. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The `_meta` key of the protocol version in a modern request's envelope (2026-07-28 basic §_meta). */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The `_meta` key of the client's identity in a modern request's envelope. */
export const CLIENT_INFO_META_KEY = 'io.modelcontextprotocol/clientInfo';

/** The `_meta` key of the client's capabilities in a modern request's envelope. */
export const CLIENT_CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** A label for reports: `2026-07-28` or `2025`. */
export function eraLabel(era: Era): string {
  return era === 'modern' ? MODERN_PROTOCOL_VERSION : '2025';
}
