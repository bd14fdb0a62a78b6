import { GatewayError } from '../src/errors.js';

/**
 * The `code` of the {@link GatewayError} that `action` throws, whatever else it throws, or
 * `undefined` when it returns.
 */
export function thrownCode(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return GatewayError.isInstance(error) ? error.code : error;
  }
  return undefined;
}

/** The `code` and `data` of a {@link GatewayError}; anything else is thrown again. */
function failureOf(error: unknown): Record<string, unknown> {
  if (GatewayError.isInstance(error)) return { code: error.code, ...error.data };
  throw error;
}

/**
 * The `code` and `data` of the {@link GatewayError} that `action` throws, or `undefined` when it
 * returns; anything else it throws is thrown again.
 */
export function thrownFailure(action: () => unknown): Record<string, unknown> | undefined {
  try {
    action();
  } catch (error) {
    return failureOf(error);
  }
  return undefined;
}

/** {@link thrownFailure} for an action that may answer a promise: what it rejects with. */
export async function rejectedFailure(
  action: () => Promise<unknown> | unknown,
): Promise<Record<string, unknown> | undefined> {
  try {
    await action();
  } catch (error) {
    return failureOf(error);
  }
  return undefined;
}
