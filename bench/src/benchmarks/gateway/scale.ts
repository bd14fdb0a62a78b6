/**
 * Catalog scale: each size ingested and browsed in a fresh child process (so the first ingest
 * is a cold one, and memory figures belong to one catalog).
 *
 * @module
 */

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { BenchError } from '../../errors.js';
import type { ScaleMeasurement, ScaleRequest } from './scale-child.js';

const run = promisify(execFile);
/** The child's script, beside this module in `dist/`. */
const CHILD = fileURLToPath(new URL('./scale-child.js', import.meta.url));

/**
 * Runs one child (`node --expose-gc scale-child.js <request>`) and returns its measurement.
 *
 * @throws {@link BenchError} `SETUP` when the child fails or prints something else.
 */
export async function measureScale(request: ScaleRequest): Promise<ScaleMeasurement> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=4096', CHILD, JSON.stringify(request)],
      { maxBuffer: 1_048_576 },
    ));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new BenchError({
      code: 'SETUP',
      message: `the scale run at ${request.size} tools failed: ${stderr.trim() || String(error)}`,
      cause: error,
    });
  }
  try {
    return JSON.parse(stdout.trim()) as ScaleMeasurement;
  } catch (cause) {
    throw new BenchError({
      code: 'SETUP',
      message: `the scale run at ${request.size} tools printed no measurement`,
      cause,
    });
  }
}
