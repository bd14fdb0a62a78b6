/**
 * The resident set size of a process, read from Linux's `/proc/<pid>/status`.
 *
 * @module
 */

import { readFile } from 'node:fs/promises';
import { BenchError } from '../../errors.js';

/** One reading: seconds since the soak started, and the resident set size in MiB. */
export interface RssSample {
  /** Seconds since the start of the soak. */
  readonly seconds: number;
  /** Resident set size, in MiB. */
  readonly rssMiB: number;
}

/**
 * The `VmRSS` of a `/proc/<pid>/status` text, in MiB.
 *
 * @throws {@link BenchError} `SETUP` when the text has no `VmRSS` line in kB.
 */
export function parseVmRss(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (match?.[1] === undefined) {
    throw new BenchError({ code: 'SETUP', message: 'no VmRSS line in /proc/<pid>/status' });
  }
  return Number(match[1]) / 1024;
}

/**
 * The resident set size of `pid`, in MiB.
 *
 * @throws {@link BenchError} `SETUP` where `/proc` is not there (the soak needs Linux).
 */
export async function readRssMiB(pid: number): Promise<number> {
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch (error) {
    throw new BenchError({
      code: 'SETUP',
      message: `cannot read /proc/${pid}/status (the soak reads RSS from Linux's /proc)`,
      cause: error,
    });
  }
  return parseVmRss(status);
}
