import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../src/rest/build-request.js';
import type { ParameterMapping, RestOperation } from '../../src/rest/operations.js';

function operation(
  parameters: ParameterMapping[],
  extra: Partial<RestOperation> = {},
): RestOperation {
  return {
    name: 'op',
    method: 'GET',
    path: '/items/{id}',
    parameters,
    definition: { name: 'op', parameters: {} },
    tags: [],
    schemaChanges: [],
    ...extra,
  };
}

const OPTIONS = { baseUrl: 'http://127.0.0.1:1/api/', auth: undefined, headers: {} };

describe('buildRequest', () => {
  it('serializes array queries per Swagger 2 collectionFormat and OpenAPI 3 style', () => {
    const request = buildRequest(
      operation([
        { key: 'id', name: 'id', location: 'path' },
        { key: 'csv', name: 'csv', location: 'query', collectionFormat: 'csv' },
        { key: 'pipes', name: 'pipes', location: 'query', style: 'pipeDelimited', explode: false },
        { key: 'multi', name: 'multi', location: 'query', collectionFormat: 'multi' },
        { key: 'flat', name: 'flat', location: 'query', explode: false },
      ]),
      { id: 'a b/c', csv: [1, 2], pipes: ['x', 'y'], multi: ['m', 'n'], flat: ['p', 'q'] },
      OPTIONS,
    );
    expect(request.url.pathname).toBe('/api/items/a%20b%2Fc');
    expect(request.url.search).toBe('?csv=1%2C2&pipes=x%7Cy&multi=m&multi=n&flat=p%2Cq');
  });

  it('serializes object queries as deepObject, exploded form, or flat form', () => {
    const request = buildRequest(
      operation(
        [
          { key: 'filter', name: 'filter', location: 'query', style: 'deepObject', explode: true },
          { key: 'point', name: 'point', location: 'query' },
          { key: 'box', name: 'box', location: 'query', style: 'form', explode: false },
        ],
        { path: '/search' },
      ),
      { filter: { genre: 'sf', year: 1965 }, point: { x: 1, y: 2 }, box: { w: 3, h: 4 } },
      OPTIONS,
    );
    expect([...request.url.searchParams.entries()]).toEqual([
      ['filter[genre]', 'sf'],
      ['filter[year]', '1965'],
      ['x', '1'],
      ['y', '2'],
      ['box', 'w,3,h,4'],
    ]);
  });

  it('sets header and cookie parameters, skips absent ones, and keeps auth above configured headers', () => {
    const request = buildRequest(
      operation([
        { key: 'id', name: 'id', location: 'path' },
        { key: 'trace', name: 'X-Trace', location: 'header' },
        { key: 'lang', name: 'lang', location: 'cookie' },
        { key: 'missing', name: 'missing', location: 'query' },
      ]),
      { id: 1, trace: ['a', 'b'], lang: 'fr ch' },
      {
        ...OPTIONS,
        headers: { authorization: 'from config', cookie: 'a=1' },
        auth: { type: 'bearer', token: 't0k' },
      },
    );
    expect(request.headers.get('x-trace')).toBe('a,b');
    expect(request.headers.get('cookie')).toBe('a=1; lang=fr%20ch');
    expect(request.headers.get('authorization')).toBe('Bearer t0k');
    expect(request.url.search).toBe('');
  });

  it('encodes text bodies as text and leaves the content type of forms to fetch', () => {
    const text = buildRequest(
      operation([], {
        path: '/notes',
        method: 'POST',
        body: { key: 'body', mediaType: 'text/plain' },
      }),
      { body: 'hello' },
      OPTIONS,
    );
    expect(text.body).toBe('hello');
    expect(text.headers.get('content-type')).toBe('text/plain');
    const form = buildRequest(
      operation([], {
        path: '/f',
        method: 'POST',
        body: { key: 'body', mediaType: 'multipart/form-data' },
      }),
      { body: { tags: ['a', 'b'], meta: { k: 1 } } },
      OPTIONS,
    );
    expect(form.body).toBeInstanceOf(FormData);
    expect((form.body as FormData).getAll('tags')).toEqual(['a', 'b']);
    expect((form.body as FormData).get('meta')).toBe('{"k":1}');
    expect(form.headers.get('content-type')).toBeNull();
  });

  it('refuses dot segments from path parameters, and percent-encodes encoded ones', () => {
    expect(
      buildRequest(
        operation([{ key: 'id', name: 'id', location: 'path' }]),
        { id: '%2e%2E' },
        OPTIONS,
      ).url.pathname,
    ).toBe('/api/items/%252e%252E');
    for (const id of ['..', '.']) {
      expect(() =>
        buildRequest(operation([{ key: 'id', name: 'id', location: 'path' }]), { id }, OPTIONS),
      ).toThrow(expect.objectContaining({ code: 'CALL_INVALID' }));
    }
    expect(
      buildRequest(operation([{ key: 'id', name: 'id', location: 'path' }]), { id: '...' }, OPTIONS)
        .url.pathname,
    ).toBe('/api/items/...');
  });
});
