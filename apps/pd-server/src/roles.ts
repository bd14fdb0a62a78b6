/**
 * The primary authorization of `x-pd` (progressive-disclosure §5.3): roles from bearer tokens.
 *
 * @module
 */

import type { ToolAuthorizer } from '@x/progressive-disclosure';

/** The role that may use only tools annotated `readOnlyHint: true`. */
export const READ_ONLY_ROLE = 'read-only';

/**
 * Lets the `read-only` role see and use only read-only tools; every other role, and a caller
 * without a role (stdio, or HTTP without tokens), uses every tool.
 */
export const authorizeByRole: ToolAuthorizer = (tool, context) =>
  context.role !== READ_ONLY_ROLE || tool.annotations?.readOnlyHint === true;
