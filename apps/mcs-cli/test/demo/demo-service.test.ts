import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type DemoService, startDemoService } from '../../src/demo/demo-service.js';

let service: DemoService | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function call(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${service?.origin}${path}`, init);
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json') === true;
  return { status: response.status, body: json ? JSON.parse(text) : text };
}

const jsonRequest = (method: string, value: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

/** A GET with chosen headers (fetch cannot set `Host`): the status and the body text. */
function getWithHeaders(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        text += chunk;
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the demo service against DNS rebinding', () => {
  it('refuses a foreign Host or Origin with 403 and serves its own and loopback names', async () => {
    service = await startDemoService();
    const port = new URL(service.origin).port;
    const books = `${service.bookshopUrl}/books`;
    const foreign = await getWithHeaders(books, { host: `attacker.example:${port}` });
    expect(foreign).toEqual({
      status: 403,
      text: JSON.stringify({ error: 'Forbidden: Host attacker.example is not allowed' }),
    });
    const otherPort = await getWithHeaders(books, { host: 'localhost:1' });
    expect(otherPort.status).toBe(403);
    const origin = await getWithHeaders(books, { origin: 'http://attacker.example' });
    expect(origin.status).toBe(403);
    expect((await getWithHeaders(books, { host: `localhost:${port}` })).status).toBe(200);
    expect((await getWithHeaders(service.documentUrl, {})).status).toBe(200);
  });
});

describe('the demo bookshop', () => {
  it('serves its OpenAPI document and listens on 127.0.0.1', async () => {
    service = await startDemoService();
    expect(service.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const document = await fetch(service.documentUrl);
    expect(document.headers.get('content-type')).toBe('application/yaml');
    expect(await document.text()).toContain('operationId: listBooks');
  });

  it('finds books by words of the title or author, by genre and stock, in title order', async () => {
    service = await startDemoService();
    expect((await call('/v1/books?q=frank%20dune')).body).toEqual([
      expect.objectContaining({ title: 'Dune' }),
    ]);
    const fiction = await call('/v1/books?genre=fiction&in_stock=true');
    expect((fiction.body as { title: string }[]).map((book) => book.title)).toEqual(['Dune']);
    const all = await call('/v1/books');
    expect((all.body as { title: string }[]).map((book) => book.title)).toEqual([
      'A Brief History of Time',
      'Dune',
      'Emma',
    ]);
    expect((await call('/v1/books?limit=0')).status).toBe(400);
  });

  it('adds a book once, moves stock, and places an order that takes copies', async () => {
    service = await startDemoService();
    const book = { isbn: '978-0000000001', title: 'New', author: 'Someone', genre: 'history' };
    expect(await call('/v1/books', jsonRequest('POST', book))).toEqual({
      status: 201,
      body: { ...book, stock: 0 },
    });
    expect((await call('/v1/books', jsonRequest('POST', book))).status).toBe(409);
    expect((await call('/v1/books', jsonRequest('POST', { ...book, isbn: 'x' }))).status).toBe(400);
    expect(await call(`/v1/books/${book.isbn}/stock`, jsonRequest('PATCH', { delta: 4 }))).toEqual({
      status: 200,
      body: { isbn: book.isbn, stock: 4 },
    });
    const order = await call('/v1/orders', jsonRequest('POST', { isbn: book.isbn, quantity: 3 }));
    expect(order).toEqual({
      status: 201,
      body: { orderId: 'ORD-1', isbn: book.isbn, quantity: 3, state: 'placed' },
    });
    expect(
      (await call('/v1/orders', jsonRequest('POST', { isbn: book.isbn, quantity: 2 }))).status,
    ).toBe(409);
    expect((await call('/v1/orders/ORD-1')).body).toMatchObject({ quantity: 3 });
    expect((await call(`/v1/books/${book.isbn}`)).body).toMatchObject({ stock: 1 });
  });

  it('wants the API key when it has one, except for the health check', async () => {
    service = await startDemoService({ apiKey: 'k1' });
    expect((await call('/v1/books')).status).toBe(401);
    expect((await call('/v1/books', { headers: { 'x-api-key': 'k1' } })).status).toBe(200);
    expect(await call('/v1/health')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('answers 404 for an unknown path, 405 for a wrong method and 413 for a huge body', async () => {
    service = await startDemoService();
    expect((await call('/v1/nothing')).status).toBe(404);
    expect((await call('/v1/health', { method: 'DELETE' })).status).toBe(405);
    expect((await call('/v1/books/%E0%A4%A', {})).status).toBe(400);
    expect((await call('/v1/books', { method: 'POST', body: 'x'.repeat(1_000_001) })).status).toBe(
      413,
    );
  });
});

describe('the demo Petstore', () => {
  it('prefers literal routes over path parameters and keeps pets, orders and users', async () => {
    service = await startDemoService();
    const sold = await call('/v2/pet/findByStatus?status=sold');
    expect(sold.body).toEqual([expect.objectContaining({ name: 'Tom' })]);
    expect((await call('/v2/pet/findByStatus?status=lost')).status).toBe(400);
    expect((await call('/v2/pet/findByTags?tags=dog')).body).toHaveLength(2);
    expect(
      (await call('/v2/pet', jsonRequest('POST', { name: 'Kit', photoUrls: [] }))).body,
    ).toMatchObject({
      id: 4,
      name: 'Kit',
    });
    expect((await call('/v2/pet/abc')).status).toBe(400);
    expect(
      (await call('/v2/store/order', jsonRequest('POST', { id: 5, petId: 4 }))).body,
    ).toMatchObject({
      id: 5,
      status: 'placed',
    });
    expect((await call('/v2/user', jsonRequest('POST', { username: 'ana' }))).status).toBe(200);
    expect((await call('/v2/user/ana')).body).toEqual({ username: 'ana' });
    expect((await call('/v2/user/login?username=ana&password=x')).body).toBe(
      'logged in user session:ana',
    );
    expect(
      (await call('/v2/pet/1/uploadImage', { method: 'POST', body: 'abc' })).body,
    ).toMatchObject({
      code: 200,
      message: 'received 3 bytes (text/plain)',
    });
  });

  it('wants api_key for the operations the documents secure with it', async () => {
    service = await startDemoService({ apiKey: 'k2' });
    expect((await call('/v2/store/inventory')).status).toBe(401);
    expect((await call('/v2/store/inventory', { headers: { api_key: 'k2' } })).body).toEqual({
      available: 1,
      sold: 1,
      pending: 1,
    });
  });
});
