/**
 * `@x/mcs/rest`: the REST driver, which turns an OpenAPI 3.x or Swagger 2 document into
 * functions a model can call over HTTP. A subpath, so consumers of the core contract do not
 * load the OpenAPI parser.
 *
 * @module
 */

export type { RestResponse } from './http-client.js';
// Documents and results
export {
  type LoadDocumentOptions,
  type LoadedDocument,
  loadOpenApiDocument,
  type OpenApiSource,
  type OpenApiVersion,
} from './load-document.js';
// Driver
export {
  createOpenApiDriver,
  OPENAPI_DRIVER_ID,
  OpenApiDriver,
  type OpenApiDriverOptions,
  type RestStreamChunk,
} from './openapi-driver.js';
// Configuration
export {
  type HttpMethod,
  HttpMethodSchema,
  type OpenApiDriverConfig,
  OpenApiDriverConfigSchema,
  type OperationFilter,
  OperationFilterSchema,
  type RestAuth,
  RestAuthSchema,
  type RetryPolicy,
  RetryPolicySchema,
} from './rest-options.js';
