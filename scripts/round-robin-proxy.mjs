/**
 * A tiny HTTP proxy for tests: one loopback address in front of several instances, sending each
 * request to the next instance in turn (round robin), as a load balancer without session
 * affinity would. Streams bodies both ways, so Server-Sent Events pass through.
 */

import { createServer, request as httpRequest } from 'node:http';

/**
 * Starts the proxy on a free 127.0.0.1 port in front of `targets` (base URLs such as
 * `http://127.0.0.1:41234`).
 *
 * @param {readonly URL[]} targets
 * @returns {Promise<{ url: URL, served: number[], close(): Promise<void> }>} `url` is the proxy
 *   with the first target's path; `served[i]` counts the requests sent to `targets[i]`.
 */
export async function startRoundRobinProxy(targets) {
  const served = targets.map(() => 0);
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next % targets.length;
    next += 1;
    served[index] += 1;
    const target = targets[index];
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end('Bad Gateway');
    });
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = server.address();
  return {
    url: new URL(`http://127.0.0.1:${port}${targets[0]?.pathname ?? '/'}`),
    served,
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
