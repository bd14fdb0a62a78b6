/**
 * Reading a server's Prometheus `/metrics` text and its health endpoints in tests.
 *
 * @module
 */

/**
 * The value of the first sample of `name` whose labels include every `labels` pair (a
 * labelled sample: `name{...} value`), or `undefined` when there is none.
 */
export function metricSample(
  text: string,
  name: string,
  labels: Readonly<Record<string, string>>,
): number | undefined {
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith(`${name}{`) &&
        Object.entries(labels).every(([key, value]) => candidate.includes(`${key}="${value}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Fetches `path` (`/metrics`, `/readyz`) on the origin of an MCP endpoint. */
export function fetchOnOrigin(url: URL, path: string): Promise<Response> {
  return fetch(new URL(path, url.origin));
}

/** `/healthz` and `/readyz` of a server, each as `[status, parsed body]`. */
export async function readHealth(
  url: URL,
): Promise<{ health: [number, unknown]; ready: [number, unknown] }> {
  const read = async (path: string): Promise<[number, unknown]> => {
    const response = await fetchOnOrigin(url, path);
    return [response.status, await response.json()];
  };
  return { health: await read('/healthz'), ready: await read('/readyz') };
}
