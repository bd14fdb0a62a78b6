import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI } from './built-cli.js';

describe('x-conformance writing to a reader that stops early', () => {
  it('ends quietly with exit code 0 under `| head`', async () => {
    // The JSON catalog is larger than a pipe holds, so the CLI is still writing when head
    // exits; pipefail makes the pipeline's code the CLI's.
    const script = 'set -o pipefail; "$0" "$1" --list --format json | head -c 1 >/dev/null';
    const outcome = await promisify(execFile)('bash', ['-c', script, process.execPath, CLI]).then(
      ({ stderr }) => ({ code: 0, stderr }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(outcome).toEqual({ code: 0, stderr: '' });
  });
});
