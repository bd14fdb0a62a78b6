import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A scripted answer: the next `times` requests to `path` get `status` (or hang, for status 0). */
interface Script {
  path: string;
  status: number;
  times: number;
  headers?: Record<string, string>;
}

/** The local REST service of the tests: the bookshop under /v1 and the petstore under /v2. */
export interface LocalRestServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** Makes the next `times` requests to `path` answer `status` (0: never answer). */
  script(path: string, status: number, times: number, headers?: Record<string, string>): void;
  /** Closes the server and every open connection. */
  close(): Promise<void>;
}

/** The API key the bookshop accepts. */
export const BOOKSHOP_KEY = 'secret-key';

type Json = Record<string, unknown>;
type Handler = (request: RecordedRequest, params: string[]) => [number, unknown];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function json(body: string): Json {
  return body === '' ? {} : (JSON.parse(body) as Json);
}

function routes(): [string, RegExp, Handler][] {
  const books = new Map<string, Json>([
    [
      '978-0441172719',
      {
        isbn: '978-0441172719',
        title: 'Dune',
        author: 'Frank Herbert',
        genre: 'fiction',
        stock: 3,
      },
    ],
    [
      '978-0141439587',
      { isbn: '978-0141439587', title: 'Emma', author: 'Jane Austen', genre: 'fiction', stock: 0 },
    ],
  ]);
  const pets = new Map<number, Json>([
    [1, { id: 1, name: 'Rex', status: 'available', photoUrls: [], tags: [{ id: 1, name: 'dog' }] }],
    [2, { id: 2, name: 'Tom', status: 'sold', photoUrls: [], tags: [{ id: 2, name: 'cat' }] }],
  ]);
  const orders = new Map<number, Json>();
  const users = new Map<string, Json>();
  return [
    ['GET', /^\/v1\/health$/, () => [200, { status: 'alive' }]],
    [
      'GET',
      /^\/v1\/books$/,
      (request) => {
        const q = (request.query.get('q') ?? '').toLowerCase();
        const genres = request.query.getAll('genre');
        const inStock = request.query.get('in_stock') === 'true';
        const limit = Number(request.query.get('limit') ?? 20);
        const found = [...books.values()]
          .filter((book) => `${book.title} ${book.author}`.toLowerCase().includes(q))
          .filter((book) => genres.length === 0 || genres.includes(book.genre as string))
          .filter((book) => !inStock || (book.stock as number) > 0);
        return [200, found.slice(0, limit)];
      },
    ],
    [
      'POST',
      /^\/v1\/books$/,
      (request) => {
        const book = json(request.body);
        if (books.has(book.isbn as string)) return [409, { error: 'exists' }];
        books.set(book.isbn as string, { ...book, stock: 0 });
        return [201, books.get(book.isbn as string)];
      },
    ],
    [
      'GET',
      /^\/v1\/books\/([^/]+)$/,
      (_request, [isbn]) =>
        books.has(isbn ?? '') ? [200, books.get(isbn ?? '')] : [404, { error: 'no such book' }],
    ],
    [
      'DELETE',
      /^\/v1\/books\/([^/]+)$/,
      (_request, [isbn]) => [books.delete(isbn ?? '') ? 204 : 404, null],
    ],
    [
      'PATCH',
      /^\/v1\/books\/([^/]+)\/stock$/,
      (request, [isbn]) => {
        const book = books.get(isbn ?? '');
        if (book === undefined) return [404, { error: 'no such book' }];
        book.stock = Math.max(0, (book.stock as number) + (json(request.body).delta as number));
        return [
          200,
          { isbn, stock: book.stock, requestId: request.headers['x-request-id'] ?? null },
        ];
      },
    ],
    [
      'GET',
      /^\/v1\/orders\/([^/]+)$/,
      (_request, [orderId]) => [200, { orderId, state: 'shipped' }],
    ],
    [
      'GET',
      /^\/v2\/pet\/findByStatus$/,
      (request) => {
        const statuses = request.query.getAll('status').flatMap((value) => value.split(','));
        return [200, [...pets.values()].filter((pet) => statuses.includes(pet.status as string))];
      },
    ],
    [
      'GET',
      /^\/v2\/pet\/findByTags$/,
      (request) => {
        const tags = request.query.getAll('tags').flatMap((value) => value.split(','));
        return [
          200,
          [...pets.values()].filter((pet) =>
            (pet.tags as Json[]).some((tag) => tags.includes(tag.name as string)),
          ),
        ];
      },
    ],
    [
      'POST',
      /^\/v2\/pet$/,
      (request) => {
        const pet = json(request.body);
        const id = typeof pet.id === 'number' ? pet.id : pets.size + 1;
        pets.set(id, { ...pet, id });
        return [200, pets.get(id)];
      },
    ],
    [
      'PUT',
      /^\/v2\/pet$/,
      (request) => {
        const pet = json(request.body);
        if (!pets.has(pet.id as number)) return [404, { message: 'Pet not found' }];
        pets.set(pet.id as number, pet);
        return [200, pet];
      },
    ],
    [
      'POST',
      /^\/v2\/pet\/(\d+)\/uploadImage$/,
      (request, [id]) => [
        200,
        {
          code: 200,
          message: `uploaded ${request.body.length} bytes for pet ${id}`,
          contentType: request.headers['content-type'] ?? '',
        },
      ],
    ],
    [
      'GET',
      /^\/v2\/pet\/(\d+)$/,
      (_request, [id]) =>
        pets.has(Number(id)) ? [200, pets.get(Number(id))] : [404, { message: 'Pet not found' }],
    ],
    [
      'POST',
      /^\/v2\/pet\/(\d+)$/,
      (request, [id]) => {
        const pet = pets.get(Number(id));
        if (pet === undefined) return [404, { message: 'Pet not found' }];
        const form = new URLSearchParams(request.body);
        for (const key of ['name', 'status']) if (form.has(key)) pet[key] = form.get(key);
        return [200, pet];
      },
    ],
    [
      'DELETE',
      /^\/v2\/pet\/(\d+)$/,
      (request, [id]) => [
        pets.delete(Number(id)) ? 200 : 404,
        { deleted: id, apiKeyHeader: request.headers.api_key ?? null },
      ],
    ],
    [
      'GET',
      /^\/v2\/store\/inventory$/,
      (request) =>
        request.headers.api_key === 'special-key'
          ? [200, { available: 1, sold: 1 }]
          : [401, { message: 'api_key required' }],
    ],
    [
      'POST',
      /^\/v2\/store\/order$/,
      (request) => {
        const order = json(request.body);
        orders.set(order.id as number, order);
        return [200, order];
      },
    ],
    [
      'GET',
      /^\/v2\/store\/order\/(\d+)$/,
      (_request, [id]) =>
        orders.has(Number(id))
          ? [200, orders.get(Number(id))]
          : [404, { message: 'Order not found' }],
    ],
    [
      'DELETE',
      /^\/v2\/store\/order\/(\d+)$/,
      (_request, [id]) => [orders.delete(Number(id)) ? 200 : 404, {}],
    ],
    [
      'POST',
      /^\/v2\/user$/,
      (request) => {
        const user = json(request.body);
        users.set(user.username as string, user);
        return [200, user];
      },
    ],
    [
      'GET',
      /^\/v2\/user\/login$/,
      (request) => [200, `logged in user session:${request.query.get('username')}`],
    ],
    ['GET', /^\/v2\/user\/logout$/, () => [200, 'ok']],
    [
      'GET',
      /^\/v2\/user\/([^/]+)$/,
      (_request, [name]) =>
        users.has(name ?? '') ? [200, users.get(name ?? '')] : [404, { message: 'User not found' }],
    ],
  ];
}

/** The bookshop document, served as YAML at /bookshop.openapi.yaml. */
const BOOKSHOP_YAML = readFileSync(
  new URL('../fixtures/bookshop.openapi.yaml', import.meta.url),
  'utf8',
);

/** A tiny OpenAPI 3.1 document whose server URL is relative, served at /openapi.json. */
const RELATIVE_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Bookshop health', version: '1.0.0' },
  servers: [{ url: '/v1' }],
  paths: {
    '/health': { get: { operationId: 'health', responses: { '200': { description: 'Alive.' } } } },
  },
};

/** Starts the local REST service on 127.0.0.1 and a free port. */
export async function startLocalRestServer(): Promise<LocalRestServer> {
  const table = routes();
  const requests: RecordedRequest[] = [];
  const scripts: Script[] = [];
  const server = createServer(async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: await readBody(incoming),
    };
    requests.push(recorded);
    const script = scripts.find((entry) => entry.path === url.pathname && entry.times > 0);
    if (script !== undefined) {
      script.times -= 1;
      if (script.status === 0) return;
      outgoing.writeHead(script.status, { 'content-type': 'application/json', ...script.headers });
      outgoing.end(JSON.stringify({ scripted: script.status }));
      return;
    }
    if (url.pathname === '/bookshop.openapi.yaml') {
      outgoing.writeHead(200, { 'content-type': 'application/yaml' });
      outgoing.end(BOOKSHOP_YAML);
      return;
    }
    if (url.pathname === '/openapi.json') {
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(RELATIVE_DOCUMENT));
      return;
    }
    if (
      url.pathname.startsWith('/v1/') &&
      url.pathname !== '/v1/health' &&
      incoming.headers['x-api-key'] !== BOOKSHOP_KEY
    ) {
      outgoing.writeHead(401, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: 'missing or wrong X-Api-Key' }));
      return;
    }
    for (const [method, pattern, handler] of table) {
      const match = recorded.method === method ? pattern.exec(url.pathname) : null;
      if (match === null) continue;
      const [status, body] = handler(recorded, match.slice(1));
      const text = typeof body === 'string' ? body : body === null ? '' : JSON.stringify(body);
      outgoing.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      });
      outgoing.end(status === 204 ? undefined : text);
      return;
    }
    outgoing.writeHead(404, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify({ error: `no route for ${recorded.method} ${url.pathname}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    script(path, status, times, headers) {
      scripts.push({ path, status, times, ...(headers === undefined ? {} : { headers }) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
