/**
 * The value of the first sample of `name` whose labels include every `labels` pair (a
 * labelled sample: `name{...} value`), or `undefined` when there is none.
 */
export function metricSample(
  text: string,
  name: string,
  labels: Record<string, string>,
): number | undefined;

/** Fetches `path` (`/metrics`, `/readyz`) on the origin of an MCP endpoint. */
export function fetchOnOrigin(url: URL, path: string): Promise<Response>;

/** `/healthz` and `/readyz` of a server, each as `[status, parsed body]`. */
export function readHealth(
  url: URL,
): Promise<{ health: [number, unknown]; ready: [number, unknown] }>;
