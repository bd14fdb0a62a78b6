/**
 * The `openapi` description format of the REST driver: the document itself, cut to the
 * operations the driver offers.
 *
 * @module
 */

import type { RestOperation } from './operations.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The bundled document, minified, with each offered operation's `operationId` set to its
 * function name (so the model calls it by the name the parser knows), and without the
 * operations that are not offered (filtered out or left out for a broken schema), nor the path
 * items left empty by that.
 */
export function renderOpenApiDescription(
  bundled: Record<string, unknown>,
  operations: readonly RestOperation[],
): string {
  const copy = structuredClone(bundled);
  const offered = new Map(
    operations.map((operation) => [
      `${operation.method.toLowerCase()} ${operation.path}`,
      operation.name,
    ]),
  );
  if (isObject(copy.paths)) {
    for (const [path, pathItem] of Object.entries(copy.paths)) {
      if (!isObject(pathItem)) continue;
      for (const method of METHODS) {
        const operation = pathItem[method];
        if (!isObject(operation)) continue;
        const name = offered.get(`${method} ${path}`);
        if (name === undefined) delete pathItem[method];
        else operation.operationId = name;
      }
      if (!METHODS.some((method) => method in pathItem)) delete copy.paths[path];
    }
  }
  return JSON.stringify(copy);
}
