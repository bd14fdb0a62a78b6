/**
 * The `--http [host:]port` grammar.
 *
 * @module
 */

import { isIPv4, isIPv6 } from 'node:net';
import { CoreError } from '../errors.js';

/** Where an HTTP server listens. */
export interface ListenAddress {
  /** An IPv4 address, an IPv6 address (without brackets) or a host name. */
  host: string;
  /** 0 to 65535; 0 picks an ephemeral port. */
  port: number;
}

/** The host used when a listen address names only a port. */
export const DEFAULT_LISTEN_HOST = '127.0.0.1';

const PORT_PATTERN = /^(0|[1-9][0-9]{0,4})$/;
const HOST_NAME_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const DIGITS_AND_DOTS = /^[0-9.]+$/;

/**
 * Parses '--http' values: '3000', ':3000', '127.0.0.1:3000', '[::1]:3000'.
 *
 * Also accepts host names (`localhost:3000`). A port alone binds {@link DEFAULT_LISTEN_HOST}.
 * Ports are decimal without leading zeros; IPv6 addresses need brackets and come back without
 * them. Round trip: `parseListenAddress(formatListenAddress(address))` equals `address`.
 *
 * @throws CoreError `INVALID_ARGUMENT` for anything else, naming the value.
 */
export function parseListenAddress(value: string): ListenAddress {
  if (typeof value !== 'string') throw invalidAddress(String(value), 'it is not a string');
  const separator = value.lastIndexOf(':');
  if (separator === -1) return { host: DEFAULT_LISTEN_HOST, port: parsePort(value, value) };
  const hostPart = value.slice(0, separator);
  const port = parsePort(value.slice(separator + 1), value);
  if (hostPart === '') return { host: DEFAULT_LISTEN_HOST, port };
  return { host: parseHost(hostPart, value), port };
}

/** Writes `address` in the form {@link parseListenAddress} reads (`host:port`, IPv6 in brackets). */
export function formatListenAddress(address: ListenAddress): string {
  return `${formatHost(address.host)}:${address.port}`;
}

/** `host` as it appears in a URL or a `Host` header: IPv6 addresses in brackets. */
export function formatHost(host: string): string {
  return isIPv6(host) ? `[${host}]` : host;
}

function parsePort(text: string, value: string): number {
  const port = PORT_PATTERN.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) {
    throw invalidAddress(value, 'the port must be a decimal number from 0 to 65535');
  }
  return port;
}

function parseHost(text: string, value: string): string {
  if (text.startsWith('[') && text.endsWith(']')) {
    const inner = text.slice(1, -1);
    if (isIPv6(inner)) return inner;
    throw invalidAddress(value, 'the text in brackets is not an IPv6 address');
  }
  if (text.includes(':')) {
    throw invalidAddress(value, 'an IPv6 address must be written in brackets, as in [::1]:3000');
  }
  if (DIGITS_AND_DOTS.test(text)) {
    if (isIPv4(text)) return text;
    throw invalidAddress(value, 'the host is not a valid IPv4 address');
  }
  if (isHostName(text)) return text;
  throw invalidAddress(value, 'the host is not an IP address or a host name');
}

function isHostName(text: string): boolean {
  const name = text.endsWith('.') ? text.slice(0, -1) : text;
  return (
    name.length > 0 &&
    name.length <= 253 &&
    name.split('.').every((label) => HOST_NAME_LABEL.test(label))
  );
}

function invalidAddress(value: string, reason: string): CoreError {
  return new CoreError({
    code: 'INVALID_ARGUMENT',
    message: `Invalid listen address ${JSON.stringify(value)}: ${reason}. Expected "port", ":port", "host:port" or "[ipv6]:port".`,
    data: { value },
  });
}
