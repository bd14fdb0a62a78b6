/**
 * The demo bookshop under `/v1`: the operations of `assets/bookshop.openapi.yaml`, in memory.
 *
 * @module
 */

import { asObject, type DemoRequest, type DemoResponse, jsonBody, type Route } from './router.js';

/** A book as the shop stores it. */
interface Book {
  isbn: string;
  title: string;
  author: string;
  genre?: string;
  price?: number;
  stock: number;
}

/** The catalogue every new demo service starts with. */
function initialBooks(): Book[] {
  return [
    {
      isbn: '978-0441172719',
      title: 'Dune',
      author: 'Frank Herbert',
      genre: 'fiction',
      price: 10.99,
      stock: 3,
    },
    {
      isbn: '978-0141439587',
      title: 'Emma',
      author: 'Jane Austen',
      genre: 'fiction',
      price: 7.5,
      stock: 0,
    },
    {
      isbn: '978-0553380163',
      title: 'A Brief History of Time',
      author: 'Stephen Hawking',
      genre: 'science',
      price: 12,
      stock: 5,
    },
  ];
}

const ISBN_PATTERN = /^[0-9X-]{10,17}$/;
const GENRES = new Set(['fiction', 'science', 'history', 'children']);

function invalid(message: string): DemoResponse {
  return { status: 400, body: { error: message } };
}

function newBook(value: unknown): Book | string {
  const input = asObject(value);
  if (input === undefined) return 'the body must be a JSON object';
  const { isbn, title, author, genre, price } = input;
  if (typeof isbn !== 'string' || !ISBN_PATTERN.test(isbn)) return 'isbn is missing or malformed';
  if (typeof title !== 'string' || title === '') return 'title is required';
  if (typeof author !== 'string' || author === '') return 'author is required';
  if (genre !== undefined && (typeof genre !== 'string' || !GENRES.has(genre))) {
    return 'genre is not one of fiction, science, history, children';
  }
  if (price !== undefined && (typeof price !== 'number' || price <= 0)) {
    return 'price must be a positive number';
  }
  return {
    isbn,
    title,
    author,
    ...(genre === undefined ? {} : { genre }),
    ...(price === undefined ? {} : { price }),
    stock: 0,
  };
}

function listBooks(books: ReadonlyMap<string, Book>, request: DemoRequest): DemoResponse {
  const words = (request.query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const genres = request.query.getAll('genre').flatMap((value) => value.split(','));
  const inStock = request.query.get('in_stock') === 'true';
  const limit = Number(request.query.get('limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 50) return invalid('limit must be 1-50');
  const found = [...books.values()]
    .filter((book) => {
      const text = `${book.title} ${book.author}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .filter((book) => genres.length === 0 || genres.includes(book.genre ?? ''))
    .filter((book) => !inStock || book.stock > 0)
    .sort((left, right) => left.title.localeCompare(right.title, 'en'));
  return { status: 200, body: found.slice(0, limit) };
}

/** The bookshop's routes over a fresh in-memory catalogue. */
export function bookshopRoutes(): Route[] {
  const books = new Map(initialBooks().map((book) => [book.isbn, book]));
  const orders = new Map<string, Record<string, unknown>>();
  return [
    { method: 'GET', path: '/v1/health', handler: () => ({ status: 200, body: { status: 'ok' } }) },
    { method: 'GET', path: '/v1/books', handler: (request) => listBooks(books, request) },
    {
      method: 'POST',
      path: '/v1/books',
      handler: (request) => {
        const book = newBook(jsonBody(request));
        if (typeof book === 'string') return invalid(book);
        if (books.has(book.isbn)) return { status: 409, body: { error: 'this ISBN exists' } };
        books.set(book.isbn, book);
        return { status: 201, body: book };
      },
    },
    {
      method: 'GET',
      path: '/v1/books/{isbn}',
      handler: (_request, { isbn }) => {
        const book = books.get(isbn ?? '');
        return book === undefined
          ? { status: 404, body: { error: 'no book has this ISBN' } }
          : { status: 200, body: book };
      },
    },
    {
      method: 'PATCH',
      path: '/v1/books/{isbn}/stock',
      handler: (request, { isbn }) => {
        const book = books.get(isbn ?? '');
        if (book === undefined) return { status: 404, body: { error: 'no book has this ISBN' } };
        const delta = asObject(jsonBody(request))?.delta;
        if (typeof delta !== 'number' || !Number.isInteger(delta)) {
          return invalid('delta must be an integer');
        }
        book.stock = Math.max(0, book.stock + delta);
        return { status: 200, body: { isbn: book.isbn, stock: book.stock } };
      },
    },
    {
      method: 'POST',
      path: '/v1/orders',
      handler: (request) => {
        const input = asObject(jsonBody(request)) ?? {};
        const book = typeof input.isbn === 'string' ? books.get(input.isbn) : undefined;
        const quantity = input.quantity;
        if (book === undefined) return { status: 404, body: { error: 'no book has this ISBN' } };
        if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
          return invalid('quantity must be a positive integer');
        }
        if (book.stock < quantity) {
          return { status: 409, body: { error: `only ${book.stock} in stock` } };
        }
        book.stock -= quantity;
        const order = {
          orderId: `ORD-${orders.size + 1}`,
          isbn: book.isbn,
          quantity,
          state: 'placed',
        };
        orders.set(order.orderId, order);
        return { status: 201, body: order };
      },
    },
    {
      method: 'GET',
      path: '/v1/orders/{orderId}',
      handler: (_request, { orderId }) => {
        const order = orders.get(orderId ?? '');
        return order === undefined
          ? { status: 404, body: { error: 'no order has this id' } }
          : { status: 200, body: order };
      },
    },
  ];
}
