import {
  type BaseDriver,
  type BaseDriverOptions,
  createDriver,
  McsError,
} from '../../src/index.js';

/** A small in-process bookshop: three functions over a fixed catalogue, with a call log. */
export function createBookshopDriver(options: Partial<BaseDriverOptions> = {}): {
  driver: BaseDriver;
  log: string[];
} {
  const log: string[] = [];
  const books = new Map([
    ['978-0441172719', { title: 'Dune', stock: 3 }],
    ['978-0141439587', { title: 'Emma', stock: 0 }],
  ]);
  const driver = createDriver({
    ...options,
    meta: {
      id: '0d9c1f6e-2b7a-4e3d-8c5f-1a2b3c4d5e6f',
      protocol: 'Local',
      transport: 'In-Process',
      spec_format: 'JSON-Schema',
      ...options.meta,
    },
    functions: [
      {
        name: 'search_books',
        description: 'Search the catalogue by title.',
        parameters: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'Words of the title.', minLength: 1 },
            in_stock: { type: 'boolean', default: false },
          },
          required: ['query'],
          additionalProperties: false,
        },
        handler: ({ query, in_stock }) => {
          log.push(`search_books:${String(query)}`);
          return [...books.entries()]
            .filter(([, book]) => book.title.toLowerCase().includes(String(query).toLowerCase()))
            .filter(([, book]) => in_stock !== true || book.stock > 0)
            .map(([isbn, book]) => ({ isbn, title: book.title }));
        },
      },
      {
        name: 'get_stock',
        description: 'Copies in stock for one ISBN.',
        parameters: {
          type: 'object',
          properties: { isbn: { type: 'string', pattern: '^[0-9-]{10,17}$' } },
          required: ['isbn'],
        },
        handler: ({ isbn }) => {
          log.push(`get_stock:${String(isbn)}`);
          const book = books.get(String(isbn));
          if (book === undefined) throw new Error(`no book with ISBN ${String(isbn)}`);
          return book.stock;
        },
      },
      {
        name: 'reserve',
        description: 'Reserve a copy; fails when the shop is closed.',
        parameters: {
          type: 'object',
          properties: { isbn: { type: 'string' } },
          required: ['isbn'],
        },
        handler: () => {
          log.push('reserve');
          throw new McsError({ code: 'UNAVAILABLE', message: 'the shop system is closed' });
        },
      },
    ],
  });
  return { driver, log };
}

/** A weather driver with one function and the prefix `weather` (`null`: no prefix), for orchestrator tests. */
export function createWeatherDriver(prefix: string | null = 'weather'): BaseDriver {
  return createDriver({
    meta: {
      id: '7b3e9d21-4c5a-4f6b-9e8d-0a1b2c3d4e5f',
      protocol: 'Local',
      transport: 'In-Process',
      spec_format: 'JSON-Schema',
      ...(prefix === null ? {} : { prefix }),
    },
    functions: [
      {
        name: 'search_books',
        description: 'A weather function that happens to share a name with the bookshop.',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
        handler: ({ city }) => `sunny in ${String(city)}`,
      },
    ],
  });
}
