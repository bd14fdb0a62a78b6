import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureOfficialToolchain } from '../../src/official/toolchain.js';

describe('ensureOfficialToolchain', () => {
  let cacheRoot: string;
  beforeEach(async () => {
    cacheRoot = await mkdtemp(join(tmpdir(), 'x-interop-toolchain-'));
  });
  afterEach(() => rm(cacheRoot, { recursive: true, force: true }));

  it('reports a failed npm install as TOOLCHAIN_FAILED and leaves no half-filled folder', async () => {
    // `node -e` stands in for npm: it fails like an install that cannot reach the registry.
    const failingNpm = join(cacheRoot, 'npm.mjs');
    await writeFile(
      failingNpm,
      "#!/usr/bin/env node\nprocess.stderr.write('npm error code E404\\n'); process.exit(1);\n",
    );
    await chmod(failingNpm, 0o755);
    await expect(ensureOfficialToolchain({ cacheRoot, npm: failingNpm })).rejects.toMatchObject({
      code: 'TOOLCHAIN_FAILED',
      message: expect.stringMatching(/npm ci of the official suite failed \(exit 1\):\n.*E404/),
    });
    expect(await readdir(cacheRoot)).toEqual(['npm.mjs']);
  });
});
