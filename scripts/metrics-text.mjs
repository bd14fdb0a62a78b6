// Reading a Prometheus `/metrics` text in tests, one sample at a time.

/**
 * The value of the first sample of `name` whose labels include every `labels` pair (a
 * labelled sample: `name{...} value`), or `undefined` when there is none.
 */
export function metricSample(text, name, labels) {
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
export function fetchOnOrigin(url, path) {
  return fetch(new URL(path, url.origin));
}

/** `/healthz` and `/readyz` of a server, each as `[status, parsed body]`. */
export async function readHealth(url) {
  const read = async (path) => {
    const response = await fetchOnOrigin(url, path);
    return [response.status, await response.json()];
  };
  return { health: await read('/healthz'), ready: await read('/readyz') };
}
