/**
 * The local REST service of the demo and the tests: the bookshop under `/v1` with its OpenAPI
 * document at `/openapi.yaml`, and the Swagger Petstore under `/v2`.
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestGuard, type RequestGuard } from '@x/core/serve';
import { bookshopRoutes } from './bookshop-routes.js';
import { petstoreRoutes } from './petstore-routes.js';
import { createRouter, type DemoRequest, type DemoResponse } from './router.js';

/** The bookshop's OpenAPI document, as served at `/openapi.yaml`. */
export const BOOKSHOP_DOCUMENT_PATH = new URL(
  '../../assets/bookshop.openapi.yaml',
  import.meta.url,
);

/** The largest request body the service reads, in bytes. */
const MAX_BODY_BYTES = 1_000_000;

/** Options of {@link startDemoService}. */
export interface DemoServiceOptions {
  /** The port; 0 (the default) picks a free one. */
  port?: number;
  /** The address to bind; defaults to `127.0.0.1`. */
  host?: string;
  /**
   * When set, the bookshop wants it in `X-Api-Key` (except `/v1/health`) and the Petstore in
   * `api_key` for the operations its documents secure with that key.
   */
  apiKey?: string;
}

/** A running demo service. */
export interface DemoService {
  /** `http://<host>:<port>`. */
  readonly origin: string;
  /** The bookshop's base URL, `<origin>/v1`. */
  readonly bookshopUrl: string;
  /** The bookshop's document, `<origin>/openapi.yaml`. */
  readonly documentUrl: string;
  /** The Petstore's base URL, `<origin>/v2`. */
  readonly petstoreUrl: string;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

class BodyTooLargeError extends Error {}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is read and dropped, so the 413 answer can still be sent.
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    incoming.on('end', () =>
      size > MAX_BODY_BYTES
        ? reject(new BodyTooLargeError())
        : resolve(Buffer.concat(chunks).toString('utf8')),
    );
    incoming.on('error', reject);
  });
}

function send(outgoing: ServerResponse, response: DemoResponse): void {
  if (response.body === undefined) {
    outgoing.writeHead(response.status);
    outgoing.end();
    return;
  }
  const text = typeof response.body === 'string';
  outgoing.writeHead(response.status, {
    'content-type': text ? 'text/plain; charset=utf-8' : 'application/json',
  });
  outgoing.end(text ? response.body : JSON.stringify(response.body));
}

/**
 * Starts the demo service. Every service has its own in-memory data, so tests do not see each
 * other's changes. Requests whose `Host` is not the bound address (or a loopback name with its
 * port), or whose `Origin` is not loopback, get 403: a web page cannot reach the service through
 * DNS rebinding.
 *
 * @throws Error when the port cannot be bound.
 */
export async function startDemoService(options: DemoServiceOptions = {}): Promise<DemoService> {
  const host = options.host ?? '127.0.0.1';
  const document = readFileSync(BOOKSHOP_DOCUMENT_PATH, 'utf8');
  const router = createRouter([...bookshopRoutes(), ...petstoreRoutes(options.apiKey)]);
  // Assigned once the port is bound; no request is served before that.
  let guard: RequestGuard = () => 'Forbidden: not listening yet';
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const refused = guard(incoming.headers);
      if (refused !== undefined) {
        incoming.resume();
        send(outgoing, { status: 403, body: { error: refused } });
        return;
      }
      const url = new URL(incoming.url ?? '/', 'http://demo.invalid');
      let text: string;
      try {
        text = await readBody(incoming);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          send(outgoing, { status: 413, body: { error: 'the body is larger than 1 MB' } });
        }
        return;
      }
      if (incoming.method === 'GET' && url.pathname === '/openapi.yaml') {
        outgoing.writeHead(200, { 'content-type': 'application/yaml' });
        outgoing.end(document);
        return;
      }
      const request: DemoRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        text,
      };
      const locked =
        options.apiKey !== undefined &&
        request.path.startsWith('/v1/') &&
        request.path !== '/v1/health' &&
        request.headers['x-api-key'] !== options.apiKey;
      send(
        outgoing,
        locked
          ? { status: 401, body: { error: 'missing or wrong X-Api-Key' } }
          : router.handle(request),
      );
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  guard = createRequestGuard({ host, port });
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    origin,
    bookshopUrl: `${origin}/v1`,
    documentUrl: `${origin}/openapi.yaml`,
    petstoreUrl: `${origin}/v2`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
