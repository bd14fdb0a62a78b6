/**
 * DNS-rebinding protection: the `Host` and `Origin` checks every HTTP request passes first.
 *
 * Hand-written rather than the SDK's `hostHeaderValidation`: that one is Express middleware,
 * ignores the port and does not check `Origin`.
 *
 * @module
 */

import type { IncomingHttpHeaders } from 'node:http';
import { CoreError } from '../errors.js';
import { formatHost } from './listen-address.js';

/** Host names of this machine's loopback interface, as `URL.hostname` writes them. */
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Characters that make a `Host` header more than `host[:port]` (userinfo, path, query...). */
const NOT_A_HOST = /[@/\\?#\s]/;
/** A `Host` value that ends in an explicit port. */
const HAS_PORT = /:[0-9]+$/;

/** What {@link createRequestGuard} needs to know. */
export interface RequestGuardOptions {
  /** The host the server is bound to. */
  host: string;
  /** The port actually bound. */
  port: number;
  /** Extra `Host` values: `name:port` matches exactly, `name` matches any port. */
  allowedHosts?: readonly string[];
  /** Extra `Origin` values, besides loopback origins. */
  allowedOrigins?: readonly string[];
}

/** Why a request was refused, in one line for the caller; `undefined` when it may proceed. */
export type RequestGuard = (headers: IncomingHttpHeaders) => string | undefined;

interface HostRule {
  readonly hostname: string;
  /** The effective port (`'80'` when the header has none), or `undefined` for any port. */
  readonly port: string | undefined;
}

/**
 * Builds the `Host`/`Origin` check.
 *
 * Accepted `Host`: the bound host, `localhost`, `127.0.0.1` or `[::1]` with the bound port, or
 * an `allowedHosts` entry. Accepted `Origin`: none at all, a loopback `http`/`https` origin on any
 * port, or an `allowedOrigins` entry. Everything else, `Origin: null` included, is refused.
 *
 * @throws CoreError `INVALID_ARGUMENT` when an `allowedHosts` or `allowedOrigins` entry is not a
 * host or an origin.
 */
export function createRequestGuard(options: RequestGuardOptions): RequestGuard {
  const port = String(options.port);
  const hostRules: HostRule[] = [options.host, ...LOOPBACK_HOSTNAMES].map((name) => ({
    hostname: parseHostHeader(`${formatHost(name)}:${port}`)?.hostname ?? name,
    port,
  }));
  for (const entry of options.allowedHosts ?? []) {
    const parsed = parseHostHeader(entry);
    if (parsed === undefined) throw invalidEntry('allowedHosts', entry);
    hostRules.push({ hostname: parsed.hostname, port: parsed.hasPort ? parsed.port : undefined });
  }
  const allowedOrigins = new Set(
    (options.allowedOrigins ?? []).map((entry) => {
      const origin = parseOrigin(entry);
      if (origin === undefined) throw invalidEntry('allowedOrigins', entry);
      return origin.origin;
    }),
  );

  return (headers) => {
    const host = headers.host === undefined ? undefined : parseHostHeader(headers.host);
    if (host === undefined) return 'Forbidden: missing or malformed Host header';
    const hostAccepted = hostRules.some(
      (rule) =>
        rule.hostname === host.hostname && (rule.port === undefined || rule.port === host.port),
    );
    if (!hostAccepted) return `Forbidden: Host ${host.hostname} is not allowed`;
    const originHeader = headers.origin;
    if (originHeader === undefined) return undefined;
    const origin = parseOrigin(originHeader);
    if (origin === undefined) return 'Forbidden: malformed Origin header';
    if (LOOPBACK_HOSTNAMES.has(origin.hostname) || allowedOrigins.has(origin.origin)) {
      return undefined;
    }
    return `Forbidden: Origin ${origin.origin} is not allowed`;
  };
}

function parseHostHeader(
  value: string,
): { hostname: string; port: string; hasPort: boolean } | undefined {
  if (value === '' || NOT_A_HOST.test(value)) return undefined;
  try {
    const url = new URL(`http://${value}`);
    // URL drops the default port: ':80' and no port at all both mean port 80.
    const port = url.port === '' ? '80' : url.port;
    return { hostname: url.hostname, port, hasPort: HAS_PORT.test(value) };
  } catch {
    return undefined;
  }
}

function parseOrigin(value: string): { origin: string; hostname: string } | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return { origin: url.origin, hostname: url.hostname };
  } catch {
    return undefined;
  }
}

function invalidEntry(option: string, entry: string): CoreError {
  return new CoreError({
    code: 'INVALID_ARGUMENT',
    message: `${option} entry ${JSON.stringify(entry)} is not valid.`,
    data: { option, entry },
  });
}
