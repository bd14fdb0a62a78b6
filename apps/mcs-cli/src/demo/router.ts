/**
 * A small route table for the demo service: method, path template, handler.
 *
 * Hand-written rather than a web framework: the demo has about thirty fixed routes with
 * `{name}` path parameters and JSON, form or text bodies, which `node:http` and this file serve
 * without a dependency.
 *
 * @module
 */

import type { IncomingHttpHeaders } from 'node:http';

/** A request as the handlers see it. */
export interface DemoRequest {
  /** The HTTP method, upper case. */
  method: string;
  /** The path, without the query. */
  path: string;
  /** The query parameters. */
  query: URLSearchParams;
  /** The headers, names in lower case. */
  headers: IncomingHttpHeaders;
  /** The body as text (empty when there is none). */
  text: string;
}

/** What a handler answers: a status and a JSON value, a text, or nothing. */
export interface DemoResponse {
  /** The HTTP status. */
  status: number;
  /** A string is sent as `text/plain`, anything else as JSON; `undefined` sends no body. */
  body?: unknown;
}

/** Handles one matched request; `params` holds the path parameters by name. */
export type RouteHandler = (request: DemoRequest, params: Record<string, string>) => DemoResponse;

/** One route of the table. */
export interface Route {
  /** The HTTP method, upper case. */
  method: string;
  /** The path template, e.g. `/books/{isbn}`. */
  path: string;
  /** The handler. */
  handler: RouteHandler;
}

interface CompiledRoute extends Route {
  pattern: RegExp;
  names: string[];
}

/** Finds the route for a request, preferring literal segments over parameters. */
export interface Router {
  /** The handler's answer, `405` when the path exists for another method, else `404`. */
  handle(request: DemoRequest): DemoResponse;
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment);
      if (parameter === null) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(parameter[1] as string);
      return '([^/]+)';
    })
    .join('/');
  return { ...route, names, pattern: new RegExp(`^${source}$`) };
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Literal routes first, so `/pet/findByStatus` wins over `/pet/{petId}`. */
function specificity(route: Route): number {
  return route.path.split('/').filter((segment) => segment.startsWith('{')).length;
}

/** Builds a router over `routes`; among routes that match, the one with fewer parameters wins. */
export function createRouter(routes: readonly Route[]): Router {
  const compiled = [...routes]
    .map(compile)
    .sort((left, right) => specificity(left) - specificity(right));
  return {
    handle(request) {
      let pathExists = false;
      for (const route of compiled) {
        const match = route.pattern.exec(request.path);
        if (match === null) continue;
        pathExists = true;
        if (route.method !== request.method) continue;
        const values = route.names.map((_name, index) => safeDecode(match[index + 1] ?? ''));
        if (values.includes(undefined)) {
          return { status: 400, body: { error: 'a path parameter is not valid percent-encoding' } };
        }
        const params = Object.fromEntries(
          route.names.map((name, index) => [name, values[index] as string]),
        );
        return route.handler(request, params);
      }
      return pathExists
        ? { status: 405, body: { error: `${request.method} is not allowed on ${request.path}` } }
        : { status: 404, body: { error: `no route for ${request.method} ${request.path}` } };
    },
  };
}

/** The body parsed as JSON, or `undefined` when it is empty or not JSON. */
export function jsonBody(request: DemoRequest): unknown {
  if (request.text === '') return undefined;
  try {
    return JSON.parse(request.text) as unknown;
  } catch {
    return undefined;
  }
}

/** The value as a plain object, or `undefined`. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
