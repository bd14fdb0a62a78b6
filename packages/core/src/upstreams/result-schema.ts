/**
 * The SDK's own validation of a spec method's result, made once per protocol era rather than on
 * every request.
 *
 * `Client.request(request, options)` (SDK 2.x) builds its result validator anew for each call,
 * and building it first validates `undefined` against the era's result schema to learn whether
 * the era has the method, formatting the failure into an error message that is thrown away.
 * Passing the same validator as an explicit schema, `request(request, schema, options)`, takes
 * the same path through the SDK (the era check, the era's decoding, then this validation)
 * without that cost.
 *
 * @module
 */
import type { Client, StandardSchemaV1 } from '@modelcontextprotocol/client';

/** What the SDK's era validation of a raw result says. */
type ValidationOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly reason: 'invalid' | 'not-in-era'; readonly message?: string };

/** The wire codec of one protocol era, as the SDK 2.x build names its result validation. */
interface WireCodec {
  validateResult(method: string, raw: unknown): ValidationOutcome;
}

/** The `Client` method this module reaches into (runtime name of the SDK 2.x build). */
interface SdkClientInternals {
  _resolveOutboundCodec(method: string): WireCodec;
}

const validators = new WeakMap<WireCodec, Map<string, StandardSchemaV1<unknown, unknown>>>();

function validatorOf(codec: WireCodec, method: string): StandardSchemaV1<unknown, unknown> {
  return {
    '~standard': {
      version: 1,
      vendor: 'x-core',
      validate(value) {
        const outcome = codec.validateResult(method, value);
        if (outcome.ok) return { value: outcome.value };
        const message =
          outcome.reason === 'invalid' ? (outcome.message ?? 'invalid') : `not-in-era: ${method}`;
        return { issues: [{ message }] };
      },
    },
  };
}

/**
 * The result schema `client` would build for `method` in the era it speaks now, the same
 * validation as the SDK's own for a spec method, kept for later requests of that era.
 */
export function specResultSchema<T>(client: Client, method: string): StandardSchemaV1<unknown, T> {
  const codec = (client as unknown as SdkClientInternals)._resolveOutboundCodec(method);
  let byMethod = validators.get(codec);
  if (byMethod === undefined) {
    byMethod = new Map();
    validators.set(codec, byMethod);
  }
  let validator = byMethod.get(method);
  if (validator === undefined) {
    validator = validatorOf(codec, method);
    byMethod.set(method, validator);
  }
  return validator as StandardSchemaV1<unknown, T>;
}
