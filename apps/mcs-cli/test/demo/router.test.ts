import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRouter, type DemoRequest } from '../../src/demo/router.js';

function request(method: string, path: string): DemoRequest {
  return { method, path, query: new URLSearchParams(), headers: {}, text: '' };
}

const router = createRouter([
  {
    method: 'GET',
    path: '/pet/{petId}',
    handler: (_request, params) => ({ status: 200, body: params }),
  },
  { method: 'GET', path: '/pet/findByStatus', handler: () => ({ status: 200, body: 'literal' }) },
  {
    method: 'GET',
    path: '/shelf/{shelf}/book/{isbn}',
    handler: (_request, params) => ({ status: 200, body: params }),
  },
]);

describe('the demo router', () => {
  it('hands any percent-encoded segment back decoded, as the path parameter', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (shelf, isbn) => {
        const path = `/shelf/${encodeURIComponent(shelf)}/book/${encodeURIComponent(isbn)}`;
        expect(router.handle(request('GET', path))).toEqual({ status: 200, body: { shelf, isbn } });
      }),
    );
  });

  it('prefers a literal route, answers 405 for a known path and 404 for an unknown one', () => {
    expect(router.handle(request('GET', '/pet/findByStatus')).body).toBe('literal');
    expect(router.handle(request('GET', '/pet/7')).body).toEqual({ petId: '7' });
    expect(router.handle(request('POST', '/pet/7')).status).toBe(405);
    expect(router.handle(request('GET', '/pets')).status).toBe(404);
    expect(router.handle(request('GET', '/pet/%E0%A4')).status).toBe(400);
  });
});
