/**
 * A driver from plain functions: the quickest way to expose in-process code to a model.
 *
 * @module
 */

import { BaseDriver, type BaseDriverOptions } from './base-driver.js';
import type { CallOptions } from './driver.js';
import { McsError } from './errors.js';
import type { FunctionCall } from './function-call.js';
import { type FunctionDefinition, parseFunctionDefinitions } from './function-definition.js';

/** A function definition with the code that runs it. */
export interface DriverFunction extends FunctionDefinition {
  /** Runs the call; arguments are already valid against `parameters`. Its return value is the raw result. */
  handler(argumentsValue: Record<string, unknown>, options: CallOptions): unknown;
}

/** What {@link createDriver} takes. */
export interface CreateDriverOptions extends BaseDriverOptions {
  /** The functions, with their handlers. */
  functions: readonly DriverFunction[];
}

class FunctionDriver extends BaseDriver {
  readonly #definitions: readonly FunctionDefinition[];
  readonly #handlers: ReadonlyMap<string, DriverFunction['handler']>;

  constructor(options: CreateDriverOptions) {
    super(options);
    this.#definitions = parseFunctionDefinitions(options.functions);
    this.#handlers = new Map(options.functions.map((entry) => [entry.name, entry.handler]));
    this.compileFunctions();
  }

  listFunctions(): readonly FunctionDefinition[] {
    return this.#definitions;
  }

  async executeCall(call: FunctionCall, options: CallOptions = {}): Promise<unknown> {
    const handler = this.#handlers.get(call.name);
    if (handler === undefined) {
      throw new McsError({
        code: 'CALL_INVALID',
        message: `there is no function named ${JSON.stringify(call.name)}`,
      });
    }
    return await handler(call.arguments, options);
  }
}

/**
 * Creates a driver whose bridge is in-process functions.
 *
 * Its `meta.capabilities` may hold extension names but none of the mcs §5 flags, which need
 * methods: extend {@link BaseDriver} for those.
 *
 * @example
 * ```ts
 * const driver = createDriver({
 *   meta: { id: randomUUID(), protocol: 'Local', transport: 'In-Process', spec_format: 'JSON-Schema' },
 *   functions: [{
 *     name: 'add',
 *     parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
 *     handler: ({ a, b }) => (a as number) + (b as number),
 *   }],
 * });
 * ```
 * @throws McsError `META_INVALID`, `FUNCTION_INVALID`, `CAPABILITY_MISSING` or `CONFIG_INVALID`.
 * @see mcs §3
 */
export function createDriver(options: CreateDriverOptions): BaseDriver {
  return new FunctionDriver(options);
}
