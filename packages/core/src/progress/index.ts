/**
 * `@x/core/progress`: progress of long command-line work (building a cache, ingesting a
 * catalog, running a conformance suite) on a terminal, silent when output is not a terminal.
 *
 * @module
 */

export {
  DEFAULT_REDRAW_MS,
  type Progress,
  type ProgressOptions,
  type ProgressStream,
  startProgress,
} from './progress.js';
