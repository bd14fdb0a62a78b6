/**
 * Redaction of error text before it reaches model-visible context.
 *
 * @module
 */

import { capLength, toSingleLine } from '../util/strings.js';

/**
 * The default cap, in UTF-16 code units, of a redacted message.
 *
 * @see gateway-surface §3.4 (detail redaction)
 */
export const DEFAULT_MESSAGE_MAX_LENGTH = 300;

/**
 * What {@link redactMessage} takes besides the text.
 *
 * @see gateway-surface §3.4 (detail redaction)
 */
export interface RedactMessageOptions {
  /** The cap on the result, in UTF-16 code units. Default {@link DEFAULT_MESSAGE_MAX_LENGTH}. */
  maxLength?: number;
}

const SECRET = '[redacted]';
const PATH = '[path]';

/** Names whose value is a secret, after `=` or `:` (`password: x`, `"api_key":"x"`, `?token=x`). */
const SECRET_NAMES =
  'authorization|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|id[_-]?token|auth[_-]?token|token|secret|client[_-]?secret|password|passwd|pwd|private[_-]?key|credentials?|session[_-]?id|cookie';
/** Names that are secret only as URL or form parameters (`?key=x`, `&sig=x`). */
const SECRET_PARAMETERS = 'key|sig|signature|code|auth';

/** Where an absolute Unix path begins to name something on the host. */
const HOST_ROOTS =
  'home|Users|root|tmp|var|private|opt|etc|usr|mnt|srv|Volumes|proc|run|snap|nix|workspaces?|app|data|media|lib|lib64|bin|sbin|sys|dev|boot|Library|System|Applications|cygdrive';
/** What ends a path inside prose. */
const PATH_BODY = `[^\\s"'<>|,;()\\[\\]{}\`]*`;

/** Pairs of pattern and replacement, applied in order. */
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // Credentials in URLs: scheme://user:password@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, `$1${SECRET}@`],
  // Authorization schemes followed by a credential.
  [/\b(bearer|basic|digest)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi, `$1$2${SECRET}`],
  // Well-known key formats.
  [/\b(?:sk|pk|rk)[-_][A-Za-z0-9_-]{8,}/g, SECRET],
  [/\bgh[pousr]_[A-Za-z0-9]{16,}/g, SECRET],
  [/\bgithub_pat_[A-Za-z0-9_]{16,}/g, SECRET],
  [/\bxox[abposr]-[A-Za-z0-9-]{8,}/g, SECRET],
  [/\bAKIA[0-9A-Z]{16}\b/g, SECRET],
  [/\bAIza[0-9A-Za-z_-]{30,}/g, SECRET],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, SECRET],
  // name=value and name: value secrets.
  [new RegExp(`\\b(${SECRET_NAMES})(["']?\\s*[:=]\\s*["']?)[^\\s"'&,;]+`, 'gi'), `$1$2${SECRET}`],
  [new RegExp(`([?&;])(${SECRET_PARAMETERS})=[^\\s&#;"']+`, 'gi'), `$1$2=${SECRET}`],
  // Host paths: file URLs, Unix roots, home shortcuts, Windows drives, UNC shares.
  [new RegExp(`\\bfile:\\/\\/${PATH_BODY}`, 'gi'), PATH],
  [new RegExp(`(?<![\\w.~-])\\/(?:${HOST_ROOTS})(?=[/\\s"'),;:]|$)${PATH_BODY}`, 'g'), PATH],
  [new RegExp(`(?<![\\w~])~[A-Za-z0-9_.-]*\\/${PATH_BODY}`, 'g'), PATH],
  [new RegExp(`(?<![\\w])[A-Za-z]:[\\\\/]${PATH_BODY}`, 'g'), PATH],
  [new RegExp(`\\\\\\\\[^\\s\\\\]+\\\\${PATH_BODY}`, 'g'), PATH],
  // Long hexadecimal strings (keys, digests, session ids).
  [/\b[0-9a-fA-F]{32,}\b/g, SECRET],
];

/** Long base64-like words; {@link looksRandom} decides which are secrets. */
const BASE64_WORD = /[A-Za-z0-9+/_=-]{32,}/g;

/**
 * True for a word with the character mix of random data: digits, upper and
 * lower case letters together (in the whole word or in a long piece between
 * slashes), or a long run of letters and digits without any separator.
 * Words like `get_current_stock_price_by_date` or `/repos/Owner/name/issues/12` are kept.
 */
function looksRandom(word: string): boolean {
  const mixed = (piece: string) =>
    /[0-9]/.test(piece) && /[A-Z]/.test(piece) && /[a-z]/.test(piece);
  if (!word.includes('/')) {
    return mixed(word) || (word.length >= 40 && /[0-9]/.test(word) && !/[_-]/.test(word));
  }
  return word.split('/').some((piece) => piece.length >= 16 && mixed(piece));
}

/**
 * Makes upstream error text safe for a model: one line, no control characters,
 * no host paths, no credentials, at most `maxLength` code units.
 *
 * Host paths (`/home/..`, `/Users/..`, `/tmp/..` and other system roots, `~/..`,
 * `C:\..`, `\\server\share`, `file://`) become `[path]`; bearer and basic
 * credentials, well-known key formats (`sk-`, `ghp_`, `xoxb-`, `AKIA`, `AIza`,
 * JWTs), URL user-info, secret `name=value` / `name: value` pairs, long hex
 * strings and long random-looking base64 strings become `[redacted]`. Gateway
 * paths such as `/github/issues` are left alone unless their first segment is
 * one of those system roots. Text far beyond the cap is dropped before the
 * patterns run (whole words only, so no secret is cut into a shorter,
 * unrecognisable piece), which bounds the work on huge inputs.
 *
 * @see gateway-surface §3.4 (detail redaction)
 */
export function redactMessage(text: string, options: RedactMessageOptions = {}): string {
  const maxLength = Math.max(0, Math.floor(options.maxLength ?? DEFAULT_MESSAGE_MAX_LENGTH));
  let result = keepLeadingWords(toSingleLine(String(text)), Math.max(4 * maxLength, 1024));
  for (const [pattern, replacement] of RULES) result = result.replace(pattern, replacement);
  result = result.replace(BASE64_WORD, (word) => (looksRandom(word) ? SECRET : word));
  return capLength(toSingleLine(result), maxLength);
}

/**
 * Keeps the words that start within the first `limit` code units, dropping
 * the one the limit falls in; a single word longer than the limit is dropped
 * whole and leaves a marker.
 */
function keepLeadingWords(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf(' ', limit);
  return cut <= 0 ? '[truncated]' : `${text.slice(0, cut)} …`;
}
