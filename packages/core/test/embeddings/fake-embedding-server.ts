import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Words that mean alike share one dimension, so the fake server's vectors match "temperature"
 * with "weather" the way a real embedding model would, and plain words miss each other.
 */
const CONCEPTS: readonly (readonly string[])[] = [
  ['weather', 'temperature', 'forecast', 'rain', 'snowstorm'],
  ['finance', 'stock', 'stocks', 'bitcoin', 'crypto', 'money'],
  ['apartment', 'apartments', 'flat', 'rent', 'housing'],
  ['translate', 'language', 'speaks'],
];
/** Dimensions: one per concept, then hashed buckets for every other word. */
const BUCKETS = 16;

/** How the fake server answers the next requests. */
export type FakeBehaviour = 'ok' | 'status-500' | 'status-401' | 'not-json' | 'short' | 'hang';

/** A local OpenAI-compatible `/v1/embeddings` server for tests, on 127.0.0.1. */
export interface FakeEmbeddingServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** Every `input` array received, in order. */
  readonly inputs: string[][];
  /** The `authorization` header of each request. */
  readonly authorizations: (string | undefined)[];
  /** Changes how the next requests are answered. */
  behave(behaviour: FakeBehaviour): void;
  [Symbol.asyncDispose](): Promise<void>;
}

/** The fake server's vector of one text: concept counts, then hashed word counts. */
export function fakeVector(text: string): number[] {
  const vector = new Array<number>(CONCEPTS.length + BUCKETS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const concept = CONCEPTS.findIndex((words) => words.includes(word));
    const slot = concept >= 0 ? concept : CONCEPTS.length + (hash(word) % BUCKETS);
    vector[slot] = (vector[slot] as number) + (concept >= 0 ? 3 : 1);
  }
  return vector;
}

/** Starts the fake server; resolves once it listens. */
export async function startFakeEmbeddingServer(): Promise<FakeEmbeddingServer> {
  let behaviour: FakeBehaviour = 'ok';
  const inputs: string[][] = [];
  const authorizations: (string | undefined)[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = JSON.parse(await readBody(request)) as { input: string[] };
    inputs.push(body.input);
    authorizations.push(request.headers.authorization);
    if (request.url !== '/v1/embeddings' || request.method !== 'POST') {
      response.writeHead(404).end();
      return;
    }
    switch (behaviour) {
      case 'status-500':
        response.writeHead(500).end('{"error":"down"}');
        return;
      case 'status-401':
        response.writeHead(401).end('{"error":"key"}');
        return;
      case 'not-json':
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [');
        return;
      case 'hang':
        return;
      case 'short': {
        const data = body.input
          .slice(1)
          .map((text, index) => ({ index, embedding: fakeVector(text) }));
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data }));
        return;
      }
      case 'ok': {
        const data = body.input
          .map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text) }))
          .reverse();
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ object: 'list', data, model: 'fake' }));
      }
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    inputs,
    authorizations,
    behave(next) {
      behaviour = next;
    },
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function hash(word: string): number {
  let value = 0;
  for (let i = 0; i < word.length; i += 1) value = (value * 31 + word.charCodeAt(i)) >>> 0;
  return value;
}
