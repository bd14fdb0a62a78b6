/**
 * What a driver reports when it keeps going past a problem of its specification document.
 *
 * @module
 */

/**
 * Why a driver warned.
 *
 * - `document_invalid`: the document fails its format's schema; it was read anyway.
 * - `schema_changed`: a constraint of an operation's schema could not be kept as written (a
 *   `pattern` in another regular-expression dialect was translated or dropped).
 * - `argument_unchecked`: one argument's schema does not compile even after normalizing; that
 *   argument is passed on without being checked.
 * - `function_dropped`: a function could not be offered at all and was left out.
 */
export type DriverWarningKind =
  | 'document_invalid'
  | 'schema_changed'
  | 'argument_unchecked'
  | 'function_dropped';

/** One problem a driver worked around; `strict` drivers refuse instead. */
export interface DriverWarning {
  /** Why. */
  kind: DriverWarningKind;
  /** The function concerned, when there is one. */
  function?: string;
  /** One line for people: what was wrong and what the driver did. */
  message: string;
}

/** A warning as one line: `function: message`, or the message alone. */
export function formatDriverWarning(warning: DriverWarning): string {
  return warning.function === undefined
    ? warning.message
    : `${warning.function}: ${warning.message}`;
}
