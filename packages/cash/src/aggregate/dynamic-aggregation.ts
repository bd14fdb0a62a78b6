/**
 * Dynamic aggregation: upstream CaSH servers discovered from their manifests (cash-rfc §5.4.2).
 *
 * @module
 */

import { createUpstream, type UpstreamOptions } from '@x/core/upstreams';
import { CashError } from '../errors.js';
import { type CashManifest, DEFAULT_CACHE_TTL_SECONDS } from '../manifest/manifest-schema.js';
import type { MountTarget, NamespaceMount } from '../mount.js';
import { toLabel } from '../names.js';
import type { NamespaceBuilder } from '../server.js';
import {
  checkManifestEndpoint,
  type FetchManifestOptions,
  fetchManifest,
} from './manifest-fetch.js';
import { createUpstreamMount, type MountableUpstream } from './upstream-mount.js';

/** One manifest to aggregate. */
export interface ManifestSourceOptions {
  /** The manifest URL (`https://host/.well-known/cash-mcp.yaml`). */
  url: string;
  /** The label to mount it under; default: the manifest's only suggested namespace, else its publisher. */
  label?: string;
  /** Headers for the manifest request and the MCP connection (e.g. `Authorization`). */
  headers?: Record<string, string>;
}

/** Options of {@link mountManifests}. */
export interface DynamicAggregationOptions {
  /** The manifests, as URLs or with options. */
  manifests: Array<string | ManifestSourceOptions>;
  /** Endpoint hosts accepted although they differ from their manifest's host. */
  trustedEndpointHosts?: string[];
  /** The fetch for manifests (default the global one). */
  fetch?: typeof fetch;
  /** Budget of one manifest request in ms (default 10,000). */
  fetchTimeoutMs?: number;
  /** The clock in ms (default `Date.now`): decides when `cache_ttl` has passed. */
  now?: () => number;
  /** How long after a failed fetch the next attempt may start, in ms (default 30,000). */
  retryMs?: number;
  /** Builds the upstream for an endpoint (default: `@x/core`'s Streamable HTTP upstream). */
  connect?: (label: string, endpoint: URL, source: ManifestSourceOptions) => MountableUpstream;
  /** Options of the default upstreams. */
  upstream?: UpstreamOptions;
  /** How long startup waits for the first fetches and connections, in ms (default 15,000). */
  startupTimeoutMs?: number;
}

/** Where one manifest stands. */
export interface ManifestEntryStatus {
  /** The manifest URL. */
  url: string;
  /** The label it is mounted under. */
  label: string;
  /** Whether the manifest is current and its endpoint answered last time. */
  available: boolean;
  /** The last manifest fetched, if any. */
  manifest: CashManifest | undefined;
  /** Why it is unavailable (one line), if it is. */
  error: string | undefined;
  /** When the manifest was last fetched (by the clock), if ever. */
  fetchedAt: number | undefined;
}

/** The manifests mounted by {@link mountManifests}. */
export interface DynamicAggregation {
  /** Every manifest's state, in configuration order. */
  entries(): ManifestEntryStatus[];
  /** Refetches every manifest whose `cache_ttl` (or retry delay) has passed. */
  refresh(): Promise<void>;
  /** Closes every upstream; idempotent. */
  close(): Promise<void>;
}

interface ManifestMount extends NamespaceMount {
  status(label: string): ManifestEntryStatus;
  ensureFresh(): Promise<void>;
}

function defaultLabel(source: ManifestSourceOptions, manifest: CashManifest | undefined): string {
  const suggestion =
    manifest === undefined
      ? undefined
      : manifest.namespaces.length === 1
        ? manifest.namespaces[0]?.suggested
        : manifest.publisher;
  return (
    (suggestion === undefined ? undefined : toLabel(suggestion)) ??
    toLabel(new URL(source.url).hostname.split('.')[0] ?? '') ??
    'upstream'
  );
}

function createManifestMount(
  source: ManifestSourceOptions,
  options: DynamicAggregationOptions,
  labelOf: () => string,
): ManifestMount {
  const now = options.now ?? Date.now;
  const fetchOptions: FetchManifestOptions = {
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(source.headers === undefined ? {} : { headers: source.headers }),
    ...(options.fetchTimeoutMs === undefined ? {} : { timeoutMs: options.fetchTimeoutMs }),
  };
  let manifest: CashManifest | undefined;
  let fetchedAt: number | undefined;
  let attemptedAt: number | undefined;
  let error: CashError | undefined;
  let endpoint: string | undefined;
  let inner: NamespaceMount | undefined;
  let pending: Promise<void> | undefined;

  function due(): boolean {
    if (attemptedAt === undefined) return true;
    if (error !== undefined) return now() - attemptedAt >= (options.retryMs ?? 30_000);
    const ttlMs = (manifest?.cache_ttl ?? DEFAULT_CACHE_TTL_SECONDS) * 1000;
    return fetchedAt === undefined || now() - fetchedAt >= ttlMs;
  }

  async function refetch(): Promise<void> {
    attemptedAt = now();
    try {
      const fetched = await fetchManifest(source.url, fetchOptions);
      manifest = fetched;
      const url = checkManifestEndpoint(fetched, source.url, options.trustedEndpointHosts ?? []);
      if (url.href !== endpoint) {
        const previous = inner;
        inner = undefined;
        endpoint = undefined;
        await previous?.close();
        const name = labelOf() || (toLabel(new URL(source.url).hostname) ?? 'upstream');
        const upstream =
          options.connect?.(name, url, source) ??
          createUpstream(
            name,
            {
              type: 'http',
              url: url.href,
              ...(source.headers === undefined ? {} : { headers: source.headers }),
            },
            options.upstream,
          );
        inner = createUpstreamMount(upstream, { kind: 'cash' });
        endpoint = url.href;
      }
      fetchedAt = attemptedAt;
      error = undefined;
    } catch (failure) {
      error = CashError.isInstance(failure)
        ? failure
        : new CashError({
            code: 'MANIFEST_FETCH_FAILED',
            message: String(failure),
            cause: failure,
          });
    }
  }

  function ensureFresh(): Promise<void> {
    if (!due()) return Promise.resolve();
    pending ??= refetch().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    ensureFresh,
    summary() {
      const entries = manifest?.namespaces ?? [];
      if (entries.length === 1 && entries[0] !== undefined) return entries[0].description;
      if (entries.length > 1)
        return `${manifest?.publisher}: ${entries.map((entry) => entry.suggested).join(', ')}.`;
      return `CaSH server of manifest ${source.url}.`;
    },
    available() {
      return error === undefined && manifest !== undefined && (inner?.available() ?? false);
    },
    async open(signal): Promise<MountTarget> {
      await ensureFresh();
      if (error !== undefined || inner === undefined) {
        throw new CashError({
          code: 'UPSTREAM_UNAVAILABLE',
          message: `The manifest of namespace \`${labelOf()}\` is unavailable (${error?.code === 'ENDPOINT_NOT_TRUSTED' ? 'untrusted endpoint' : 'fetch failed'}). Other namespaces still work; retry later.`,
          data: { namespace: labelOf() },
        });
      }
      return inner.open(signal);
    },
    async close() {
      const previous = inner;
      inner = undefined;
      await previous?.close();
    },
    status(label) {
      return {
        url: source.url,
        label,
        available: this.available(),
        manifest,
        error: error?.message,
        fetchedAt,
      };
    },
  };
}

/**
 * Mounts upstream CaSH servers found through their manifests (cash-rfc §5.4.2). Each manifest
 * is fetched over HTTPS only; its `endpoint` must be `https:` on the manifest's own host (or a
 * trusted host); it is refetched only after its `cache_ttl` (default 3600 s) has passed, by the
 * injectable clock. A manifest that cannot be fetched or trusted leaves its namespace listed
 * with `available: false`, and calls into it get `UPSTREAM_UNAVAILABLE`, until a later fetch
 * succeeds. Labels are resolved at startup; a label already taken gets a numeric suffix.
 *
 * @throws CashError `INVALID_LABEL` for an invalid configured label.
 */
export async function mountManifests(
  server: NamespaceBuilder,
  options: DynamicAggregationOptions,
): Promise<DynamicAggregation> {
  const sources = options.manifests.map((entry) =>
    typeof entry === 'string' ? { url: entry } : entry,
  );
  const mounted: Array<{ label: string; mount: ManifestMount }> = [];
  const startup = AbortSignal.timeout(options.startupTimeoutMs ?? 15_000);
  const prepared = sources.map((source) => {
    const slot = { label: source.label ?? '' };
    return { source, slot, mount: createManifestMount(source, options, () => slot.label) };
  });
  await Promise.race([
    Promise.allSettled(prepared.map(({ mount }) => mount.ensureFresh())),
    new Promise((resolve) => startup.addEventListener('abort', resolve, { once: true })),
  ]);
  for (const { source, slot, mount } of prepared) {
    const base = source.label ?? defaultLabel(source, mount.status('').manifest);
    for (let suffix = 1; ; suffix += 1) {
      const label = suffix === 1 ? base : `${base}${suffix}`;
      try {
        server.mount(label, mount);
        slot.label = label;
        break;
      } catch (failure) {
        const collided = CashError.isInstance(failure) && failure.code === 'LABEL_COLLISION';
        if (!collided || source.label !== undefined || suffix >= 100) throw failure;
      }
    }
    mounted.push({ label: slot.label, mount });
  }
  await Promise.allSettled(mounted.map(({ mount }) => mount.open(startup)));
  let closing: Promise<void> | undefined;
  return {
    entries: () => mounted.map(({ label, mount }) => mount.status(label)),
    async refresh() {
      await Promise.allSettled(mounted.map(({ mount }) => mount.ensureFresh()));
    },
    close() {
      closing ??= Promise.all(mounted.map(({ mount }) => mount.close())).then(() => undefined);
      return closing;
    },
  };
}
