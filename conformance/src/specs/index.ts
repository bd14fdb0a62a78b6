/**
 * The registry of conformance specs. A spec joins with a folder `src/specs/<name>/` exporting a
 * `SpecDefinition`, and one entry here.
 *
 * @module
 */

import type { SpecDefinition } from '../spec.js';
import { mcpBaseSpec } from './mcp-base/index.js';

/** Every registered spec, in report order. */
export const specRegistry: readonly SpecDefinition[] = [mcpBaseSpec];
