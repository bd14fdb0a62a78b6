/**
 * The Swagger Petstore under `/v2`, in memory: the twenty operations of the Petstore documents
 * of `@readme/oas-examples` (Swagger 2.0, OpenAPI 3.0 and 3.1 describe the same API), so a
 * driver built from any of them has a real service to call.
 *
 * @module
 */

import { asObject, type DemoRequest, type DemoResponse, jsonBody, type Route } from './router.js';

type Json = Record<string, unknown>;

const PET_STATUSES = new Set(['available', 'pending', 'sold']);

function initialPets(): Json[] {
  return [
    {
      id: 1,
      category: { id: 1, name: 'Dogs' },
      name: 'Rex',
      photoUrls: [],
      tags: [{ id: 1, name: 'dog' }],
      status: 'available',
    },
    {
      id: 2,
      category: { id: 2, name: 'Cats' },
      name: 'Tom',
      photoUrls: [],
      tags: [{ id: 2, name: 'cat' }],
      status: 'sold',
    },
    {
      id: 3,
      category: { id: 1, name: 'Dogs' },
      name: 'Lassie',
      photoUrls: [],
      tags: [{ id: 1, name: 'dog' }],
      status: 'pending',
    },
  ];
}

/** The Petstore's `ApiResponse` shape. */
function apiResponse(status: number, message: string): DemoResponse {
  return { status, body: { code: status, type: status < 400 ? 'unknown' : 'error', message } };
}

function integerParameter(text: string | undefined): number | undefined {
  return text !== undefined && /^-?\d+$/.test(text) ? Number(text) : undefined;
}

function listParameter(request: DemoRequest, name: string): string[] {
  return request.query.getAll(name).flatMap((value) => value.split(','));
}

function validPet(value: unknown): Json | string {
  const pet = asObject(value);
  if (pet === undefined) return 'the body must be a Pet object';
  if (typeof pet.name !== 'string') return 'name is required';
  if (!Array.isArray(pet.photoUrls)) return 'photoUrls is required';
  if (pet.status !== undefined && !PET_STATUSES.has(String(pet.status))) {
    return 'status must be available, pending or sold';
  }
  return pet;
}

function petRoutes(pets: Map<number, Json>, apiKey: string | undefined): Route[] {
  const needsKey = (request: DemoRequest) =>
    apiKey !== undefined && request.headers.api_key !== apiKey;
  const nextId = () => Math.max(0, ...pets.keys()) + 1;
  return [
    {
      method: 'POST',
      path: '/v2/pet',
      handler: (request) => {
        const pet = validPet(jsonBody(request));
        if (typeof pet === 'string') return apiResponse(405, pet);
        const id = typeof pet.id === 'number' && pet.id > 0 ? pet.id : nextId();
        pets.set(id, { ...pet, id });
        return { status: 200, body: pets.get(id) };
      },
    },
    {
      method: 'PUT',
      path: '/v2/pet',
      handler: (request) => {
        const pet = validPet(jsonBody(request));
        if (typeof pet === 'string') return apiResponse(405, pet);
        if (typeof pet.id !== 'number') return apiResponse(400, 'Invalid ID supplied');
        if (!pets.has(pet.id)) return apiResponse(404, 'Pet not found');
        pets.set(pet.id, pet);
        return { status: 200, body: pet };
      },
    },
    {
      method: 'GET',
      path: '/v2/pet/findByStatus',
      handler: (request) => {
        const statuses = listParameter(request, 'status');
        if (statuses.some((status) => !PET_STATUSES.has(status))) {
          return apiResponse(400, 'Invalid status value');
        }
        return {
          status: 200,
          body: [...pets.values()].filter((pet) => statuses.includes(String(pet.status))),
        };
      },
    },
    {
      method: 'GET',
      path: '/v2/pet/findByTags',
      handler: (request) => {
        const tags = listParameter(request, 'tags');
        return {
          status: 200,
          body: [...pets.values()].filter(
            (pet) =>
              Array.isArray(pet.tags) &&
              pet.tags.some((tag) => tags.includes(String(asObject(tag)?.name))),
          ),
        };
      },
    },
    {
      method: 'GET',
      path: '/v2/pet/{petId}',
      handler: (request, { petId }) => {
        if (needsKey(request)) return apiResponse(401, 'api_key required');
        const id = integerParameter(petId);
        if (id === undefined) return apiResponse(400, 'Invalid ID supplied');
        const pet = pets.get(id);
        return pet === undefined ? apiResponse(404, 'Pet not found') : { status: 200, body: pet };
      },
    },
    {
      method: 'POST',
      path: '/v2/pet/{petId}',
      handler: (request, { petId }) => {
        const pet = pets.get(integerParameter(petId) ?? Number.NaN);
        if (pet === undefined) return apiResponse(404, 'Pet not found');
        const form = new URLSearchParams(request.text);
        if (form.has('name')) pet.name = form.get('name');
        if (form.has('status')) pet.status = form.get('status');
        return apiResponse(200, String(pet.id));
      },
    },
    {
      method: 'DELETE',
      path: '/v2/pet/{petId}',
      handler: (_request, { petId }) => {
        const id = integerParameter(petId);
        if (id === undefined) return apiResponse(400, 'Invalid ID supplied');
        return pets.delete(id) ? apiResponse(200, String(id)) : apiResponse(404, 'Pet not found');
      },
    },
    {
      method: 'POST',
      path: '/v2/pet/{petId}/uploadImage',
      handler: (request, { petId }) => {
        if (!pets.has(integerParameter(petId) ?? Number.NaN)) {
          return apiResponse(404, 'Pet not found');
        }
        const type = request.headers['content-type'] ?? 'none';
        return apiResponse(
          200,
          `received ${Buffer.byteLength(request.text)} bytes (${type.split(';')[0]})`,
        );
      },
    },
    {
      method: 'GET',
      path: '/v2/store/inventory',
      handler: (request) => {
        if (needsKey(request)) return apiResponse(401, 'api_key required');
        const counts: Record<string, number> = {};
        for (const pet of pets.values()) {
          const status = String(pet.status ?? 'unknown');
          counts[status] = (counts[status] ?? 0) + 1;
        }
        return { status: 200, body: counts };
      },
    },
  ];
}

function storeRoutes(orders: Map<number, Json>): Route[] {
  return [
    {
      method: 'POST',
      path: '/v2/store/order',
      handler: (request) => {
        const order = asObject(jsonBody(request));
        if (order === undefined || typeof order.id !== 'number') {
          return apiResponse(400, 'Invalid Order');
        }
        orders.set(order.id, { status: 'placed', complete: false, ...order });
        return { status: 200, body: orders.get(order.id) };
      },
    },
    {
      method: 'GET',
      path: '/v2/store/order/{orderId}',
      handler: (_request, { orderId }) => {
        const order = orders.get(integerParameter(orderId) ?? Number.NaN);
        return order === undefined
          ? apiResponse(404, 'Order not found')
          : { status: 200, body: order };
      },
    },
    {
      method: 'DELETE',
      path: '/v2/store/order/{orderId}',
      handler: (_request, { orderId }) =>
        orders.delete(integerParameter(orderId) ?? Number.NaN)
          ? apiResponse(200, String(orderId))
          : apiResponse(404, 'Order not found'),
    },
  ];
}

function userRoutes(users: Map<string, Json>): Route[] {
  const createMany = (request: DemoRequest): DemoResponse => {
    const body = jsonBody(request);
    if (!Array.isArray(body)) return apiResponse(400, 'the body must be a list of users');
    for (const user of body.map(asObject)) {
      if (typeof user?.username === 'string') users.set(user.username, user);
    }
    return apiResponse(200, 'ok');
  };
  return [
    {
      method: 'POST',
      path: '/v2/user',
      handler: (request) => {
        const user = asObject(jsonBody(request));
        if (typeof user?.username !== 'string') return apiResponse(400, 'username is required');
        users.set(user.username, user);
        return apiResponse(200, String(user.id ?? user.username));
      },
    },
    { method: 'POST', path: '/v2/user/createWithArray', handler: createMany },
    { method: 'POST', path: '/v2/user/createWithList', handler: createMany },
    {
      method: 'GET',
      path: '/v2/user/login',
      handler: (request) => {
        const username = request.query.get('username');
        const password = request.query.get('password');
        if (username === null || password === null) {
          return apiResponse(400, 'Invalid username/password supplied');
        }
        return { status: 200, body: `logged in user session:${username}` };
      },
    },
    { method: 'GET', path: '/v2/user/logout', handler: () => apiResponse(200, 'ok') },
    {
      method: 'GET',
      path: '/v2/user/{username}',
      handler: (_request, { username }) => {
        const user = users.get(username ?? '');
        return user === undefined
          ? apiResponse(404, 'User not found')
          : { status: 200, body: user };
      },
    },
    {
      method: 'PUT',
      path: '/v2/user/{username}',
      handler: (request, { username }) => {
        const user = asObject(jsonBody(request));
        if (!users.has(username ?? '')) return apiResponse(404, 'User not found');
        if (user === undefined) return apiResponse(400, 'Invalid user supplied');
        users.set(username ?? '', user);
        return apiResponse(200, username ?? '');
      },
    },
    {
      method: 'DELETE',
      path: '/v2/user/{username}',
      handler: (_request, { username }) =>
        users.delete(username ?? '')
          ? apiResponse(200, username ?? '')
          : apiResponse(404, 'User not found'),
    },
  ];
}

/**
 * The Petstore's routes over fresh in-memory data. With `apiKey`, the operations the documents
 * secure with `api_key` (`getPetById`, `getInventory`) need the `api_key` header.
 */
export function petstoreRoutes(apiKey: string | undefined): Route[] {
  return [
    ...petRoutes(new Map(initialPets().map((pet) => [pet.id as number, pet])), apiKey),
    ...storeRoutes(new Map()),
    ...userRoutes(new Map()),
  ];
}
