/**
 * The tracer every `@x` span comes from.
 *
 * @module
 */

import { type Tracer, trace } from '@opentelemetry/api';
import { INSTRUMENTATION_SCOPE } from './instruments.js';

/**
 * The `@x/core` tracer of the global tracer provider. The API hands out a proxy that follows a
 * provider registered later, so one tracer serves the whole process; without an SDK its spans
 * record nothing.
 */
export const tracer: Tracer = trace.getTracer(INSTRUMENTATION_SCOPE);
