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
 *
 * @module
 */

import {
  Agent,
  type ClientRequest,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** How long an instance that refused a connection stays out of the rotation, by default. */
const DEFAULT_DOWN_MS = 1_000;

/** A running {@link startRoundRobinProxy}. */
export interface RoundRobinProxy {
  /** The proxy's address, with the first target's path (e.g. `http://127.0.0.1:PORT/mcp`). */
  url: URL;
  /** How many requests were sent to each target, in `targets` order (refused attempts excluded). */
  served: number[];
  /** How many requests went on to another target after a refused connection. */
  readonly failovers: number;
  /** Stops the proxy and drops its connections, to clients and to targets. */
  close(): Promise<void>;
}

/** Options of {@link startRoundRobinProxy}. */
export interface RoundRobinProxyOptions {
  /**
   * How long a target that refused a connection stays out of the rotation, in ms (default
   * 1,000); it is still tried, last, when every other target refuses too.
   */
  downMs?: number;
}

/** The request being forwarded for one client request, and whether that client went away. */
interface Attempt {
  current: ClientRequest | undefined;
  clientGone: boolean;
}

/** Answers 502, or closes the connection when the answer has started already. */
function badGateway(outgoing: ServerResponse): void {
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  outgoing.writeHead(502, { 'content-type': 'text/plain' });
  outgoing.end('Bad Gateway');
}

/**
 * Starts a loopback proxy sending each request to the next of `targets` in turn (base URLs such
 * as `http://127.0.0.1:41234`). A request whose connection is refused (or reset while
 * connecting) goes to the next target; the client gets a 502 only when every target refuses, or
 * when the target that got the request fails before answering.
 *
 * Rejects with a TypeError for no targets or a `downMs` that is not a whole number of
 * milliseconds.
 */
export async function startRoundRobinProxy(
  targets: readonly URL[],
  options: RoundRobinProxyOptions = {},
): Promise<RoundRobinProxy> {
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
  function candidates(): number[] {
    const start = next % targets.length;
    next += 1;
    const now = Date.now();
    const order = targets.map((_, offset) => (start + offset) % targets.length);
    const isUp = (index: number) => (downUntil[index] ?? 0) <= now;
    return [...order.filter(isUp), ...order.filter((index) => !isUp(index))];
  }

  /** Sends `incoming` to the first of `order`, falling over to the rest while nothing was sent. */
  function forward(
    incoming: IncomingMessage,
    outgoing: ServerResponse,
    order: readonly number[],
    attempt: Attempt,
  ): void {
    const [index = 0, ...rest] = order;
    const target = targets[index] as URL;
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
      served[index] = (served[index] ?? 0) + 1;
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
    const attempt: Attempt = { current: undefined, clientGone: false };
    outgoing.on('close', () => {
      attempt.clientGone = true;
      attempt.current?.destroy();
    });
    forward(incoming, outgoing, candidates(), attempt);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
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
