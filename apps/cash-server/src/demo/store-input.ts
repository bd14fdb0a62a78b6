/**
 * What may reach the demo's SQLite store: ids without control characters. A NUL byte cuts a
 * string at the SQLite bind (`ORD-10000\u0000-x` would match `ORD-10000`), so ids are refused
 * twice: by the parameter schema with a clear message, and by the store itself before it binds.
 *
 * @module
 */

import { CashError } from '@x/cash';
import { z } from 'zod';

/** Any control character: C0 (NUL included), DEL and C1. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The most characters of an id. */
export const MAX_ID_LENGTH = 64;

/** An id parameter (`C-42`, `P-7`, `ORD-10042`): non-empty, short, without control characters. */
export function idSchema(description: string) {
  return z
    .string()
    .min(1)
    .max(MAX_ID_LENGTH)
    .refine((value) => !CONTROL_CHARACTER.test(value), {
      message: 'must not contain control characters',
    })
    .describe(description);
}

/**
 * Refuses a bound value with a control character before it reaches SQLite.
 *
 * @throws CashError `INVALID_ARGUMENTS` naming the parameter.
 */
export function refuseControlCharacters(values: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === 'string' && CONTROL_CHARACTER.test(value)) {
      throw new CashError({
        code: 'INVALID_ARGUMENTS',
        message: `\`${name.replace(/^:/, '')}\` must not contain control characters`,
      });
    }
  }
}
