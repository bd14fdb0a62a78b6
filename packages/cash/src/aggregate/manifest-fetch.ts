/**
 * Fetching a manifest for dynamic aggregation: HTTPS only, bounded, validated (cash-rfc §5.4.2).
 *
 * @module
 */

import { CashError } from '../errors.js';
import type { CashManifest } from '../manifest/manifest-schema.js';
import { MAX_MANIFEST_CHARACTERS, parseManifest } from '../manifest/manifest-text.js';

/** Options of {@link fetchManifest}. */
export interface FetchManifestOptions {
  /** The fetch to use (default the global one), e.g. undici's with an `Agent` trusting a private CA. */
  fetch?: typeof fetch;
  /** Headers sent with the request. */
  headers?: Record<string, string>;
  /** Budget of the whole request in ms (default 10,000). */
  timeoutMs?: number;
}

function failed(url: string, reason: string, cause?: unknown): CashError {
  return new CashError({
    code: 'MANIFEST_FETCH_FAILED',
    message: `cannot fetch manifest ${url}: ${reason}`,
    data: { url },
    ...(cause === undefined ? {} : { cause }),
  });
}

async function readBounded(response: Response, url: string): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.length > MAX_MANIFEST_CHARACTERS) {
      await reader.cancel();
      throw failed(url, `larger than ${MAX_MANIFEST_CHARACTERS} characters`);
    }
  }
  return text + decoder.decode();
}

/**
 * Fetches and validates a manifest. Only `https:` URLs are fetched; redirects are refused (the
 * endpoint check needs the host the manifest really came from).
 *
 * @throws CashError `MANIFEST_FETCH_FAILED` (not HTTPS, network, timeout, status, size) or
 *   `INVALID_MANIFEST` (not YAML, wrong types, missing fields).
 * @see cash-rfc §5.4.2 (MUST fetch over HTTPS), §5.5
 */
export async function fetchManifest(
  url: string,
  options: FetchManifestOptions = {},
): Promise<CashManifest> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    throw failed(String(url).slice(0, 200), 'not a URL', error);
  }
  if (parsed.protocol !== 'https:') throw failed(url, 'only https: URLs are fetched');
  const fetcher = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetcher(parsed, {
      headers: { accept: 'application/yaml, application/json;q=0.9', ...options.headers },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    const name = (error as Error)?.name;
    throw failed(url, name === 'TimeoutError' ? 'timed out' : 'network error', error);
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw failed(url, `HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await readBounded(response, url);
  } catch (error) {
    if (CashError.isInstance(error)) throw error;
    throw failed(url, 'the body could not be read', error);
  }
  return parseManifest(text, `manifest ${url}`);
}

/**
 * Checks that a manifest's `endpoint` is an `https:` URL on the host the manifest came from, or
 * on a host trusted by configuration (compared case-insensitively, ports ignored).
 *
 * @throws CashError `ENDPOINT_NOT_TRUSTED`.
 * @see cash-rfc §5.4.2
 */
export function checkManifestEndpoint(
  manifest: CashManifest,
  manifestUrl: string,
  trustedHosts: readonly string[],
): URL {
  const origin = new URL(manifestUrl).hostname.toLowerCase();
  let endpoint: URL;
  try {
    endpoint = new URL(manifest.endpoint);
  } catch {
    throw new CashError({
      code: 'ENDPOINT_NOT_TRUSTED',
      message: `manifest ${manifestUrl}: endpoint is not a URL`,
    });
  }
  const host = endpoint.hostname.toLowerCase();
  const trusted = host === origin || trustedHosts.some((entry) => entry.toLowerCase() === host);
  if (endpoint.protocol !== 'https:' || !trusted) {
    throw new CashError({
      code: 'ENDPOINT_NOT_TRUSTED',
      message:
        endpoint.protocol !== 'https:'
          ? `manifest ${manifestUrl}: endpoint must be an https: URL`
          : `manifest ${manifestUrl}: endpoint host "${host}" differs from the manifest's host "${origin}" and is not trusted by configuration`,
      data: { manifest: manifestUrl, endpointHost: host, manifestHost: origin },
    });
  }
  return endpoint;
}
