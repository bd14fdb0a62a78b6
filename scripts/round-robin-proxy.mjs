/**
 * A tiny HTTP proxy for tests: one loopback address in front of several instances, sending each
 * request to the next instance in turn (round robin), as a load balancer without session
 * affinity would. Streams bodies both ways, so Server-Sent Events pass through.
 *
 * It fails over the way load balancers do on a connection error (nginx `proxy_next_upstream
 * error`, HAProxy `option redispatch`): a request is held back until its connection to an
 * instance is established, so when that connection is refused or reset while connecting, nothing
 * reached the instance and the same request goes to the next one; the failed instance then stays
 * out of the rotation for `downMs` (tried last, not skipped). Only when every instance refuses
 * does the client get a 502. A request that reached an instance is never sent twice: when the
 * instance fails before answering the client gets a 502, and when it fails in the middle of an
 * answer the client's connection is closed, so the client sees the answer break.
 */

import { Agent, createServer, request as httpRequest } from 'node:http';

/** How long an instance that refused a connection stays out of the rotation, by default. */
const DEFAULT_DOWN_MS = 1_000;

/**
 * Starts the proxy on a free 127.0.0.1 port in front of `targets` (base URLs such as
 * `http://127.0.0.1:41234`).
 *
 * @param {readonly URL[]} targets
 * @param {{ downMs?: number }} [options]
 * @returns {Promise<{ url: URL, served: number[], readonly failovers: number, close(): Promise<void> }>}
 *   `url` is the proxy with the first target's path; `served[i]` counts the requests sent to
 *   `targets[i]`; `failovers` counts the requests sent on to another instance after a refusal.
 */
export async function startRoundRobinProxy(targets, options = {}) {
  const downMs = options.downMs ?? DEFAULT_DOWN_MS;
  if (targets.length === 0) throw new TypeError('startRoundRobinProxy needs at least one target');
  if (!Number.isInteger(downMs) || downMs < 0) {
    throw new TypeError(`downMs must be a whole number of milliseconds, got ${downMs}`);
  }
  const served = targets.map(() => 0);
  const downUntil = targets.map(() => 0);
  let failovers = 0;
  let next = 0;
  // Its own keep-alive agent, so that close() also ends the connections to the instances. An
  // idle connection is dropped after 4 s, before a Node server's 5 s keep-alive timeout closes
  // it from the other end (a request sent on it then would fail after it was sent).
  const agent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 4_000 });

  /** The instances to try for one request, in turn from the next one; those marked down last. */
  function candidates() {
    const start = next % targets.length;
    next += 1;
    const now = Date.now();
    const order = targets.map((_, offset) => (start + offset) % targets.length);
    return [
      ...order.filter((index) => downUntil[index] <= now),
      ...order.filter((index) => downUntil[index] > now),
    ];
  }

  /** Answers 502, or closes the connection when the answer has started already. */
  function badGateway(outgoing) {
    if (outgoing.headersSent) {
      outgoing.destroy();
      return;
    }
    outgoing.writeHead(502, { 'content-type': 'text/plain' });
    outgoing.end('Bad Gateway');
  }

  /** Sends `incoming` to the first of `order`, falling over to the rest while nothing was sent. */
  function forward(incoming, outgoing, order, attempt) {
    const [index, ...rest] = order;
    const target = targets[index];
    let sent = false;
    const forwarded = httpRequest({
      agent,
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, host: target.host },
    });
    attempt.current = forwarded;
    const send = () => {
      sent = true;
      served[index] += 1;
      incoming.pipe(forwarded);
    };
    forwarded.on('socket', (socket) => {
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    forwarded.on('response', (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
      answer.on('close', () => {
        if (!answer.complete) outgoing.destroy();
      });
    });
    forwarded.on('error', () => {
      if (attempt.clientGone) return;
      if (!sent) {
        downUntil[index] = Date.now() + downMs;
        if (rest.length > 0) {
          failovers += 1;
          forward(incoming, outgoing, rest, attempt);
          return;
        }
      }
      badGateway(outgoing);
    });
  }

  const server = createServer((incoming, outgoing) => {
    const attempt = { current: undefined, clientGone: false };
    outgoing.on('close', () => {
      attempt.clientGone = true;
      attempt.current?.destroy();
    });
    forward(incoming, outgoing, candidates(), attempt);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = server.address();
  return {
    url: new URL(`http://127.0.0.1:${port}${targets[0]?.pathname ?? '/'}`),
    served,
    get failovers() {
      return failovers;
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      });
    },
  };
}
