/**
 * Turns the classified failures of `@x/core/upstreams` into `McsError`s.
 *
 * @module
 */

import { CoreError } from '@x/core';
import { McsError, type McsErrorCode, toMcsError } from '../errors.js';

const CODE_BY_CORE_CODE: Readonly<Record<string, McsErrorCode>> = {
  CONFIG_INVALID: 'CONFIG_INVALID',
  INVALID_ARGUMENT: 'CONFIG_INVALID',
  TIMEOUT: 'TIMEOUT',
  UNAVAILABLE: 'UNAVAILABLE',
  CANCELLED: 'CANCELLED',
};

/**
 * The `McsError` for anything an upstream operation threw.
 *
 * `CONFIG_INVALID` and `INVALID_ARGUMENT` become `CONFIG_INVALID`; `TIMEOUT`, `UNAVAILABLE` and
 * `CANCELLED` keep their code; `AUTH`, `PERMISSION`, `RATE_LIMITED`, `UPSTREAM_ERROR` and
 * `CLOSED` become `EXECUTION_FAILED` with the core code in `data.upstreamCode`. The core
 * error's `retryable` flag is kept.
 */
export function fromUpstreamError(error: unknown): McsError {
  if (!CoreError.isInstance(error)) return toMcsError(error);
  return new McsError({
    code: CODE_BY_CORE_CODE[error.code] ?? 'EXECUTION_FAILED',
    message: error.message,
    retryable: error.retryable,
    data: { upstreamCode: error.code },
    cause: error,
  });
}
