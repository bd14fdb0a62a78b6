/**
 * `pnpm lint:packages`: runs `publint --strict` and `@arethetypeswrong/cli` (the `esm-only`
 * profile: the packages ship ESM only, so CommonJS `require` and `node10` resolution are not
 * goals) over every public workspace package, on the tarball `pnpm pack` makes (attw only where
 * there are `exports`: the apps ship commands, not modules). Exits with 1
 * when any package has a problem. Build first (`pnpm build`).
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packPackage } from './pack.js';
import { runCommand } from './run-command.js';
import { listWorkspacePackages, publicPackages, WORKSPACE_ROOT } from './workspace.js';

const bin = (name: string) => join(WORKSPACE_ROOT, 'node_modules', '.bin', name);
const destination = await mkdtemp(join(tmpdir(), 'x-lint-packages-'));
let failures = 0;
try {
  for (const item of publicPackages(await listWorkspacePackages())) {
    const { tarball } = await packPackage(item, destination);
    const publint = await runCommand(bin('publint'), ['--strict'], { cwd: item.directory });
    // A package of commands only (an app: `bin`, no `exports`) has no types to resolve.
    const attw =
      item.manifest.exports === undefined
        ? { exitCode: 0, stdout: '', stderr: '' }
        : await runCommand(
            bin('attw'),
            [tarball, '--profile', 'esm-only', '--format', 'table-flipped'],
            { cwd: item.directory },
          );
    const ok = publint.exitCode === 0 && attw.exitCode === 0;
    process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${item.manifest.name} (${item.path})\n`);
    if (!ok) {
      failures += 1;
      process.stdout.write(`${publint.stdout}${publint.stderr}${attw.stdout}${attw.stderr}\n`);
    }
  }
} finally {
  await rm(destination, { recursive: true, force: true });
}
process.exitCode = failures === 0 ? 0 : 1;
