/** Committing in the throwaway git repositories of the changeset tests. */
import { runCommandOrThrow } from '../src/run-command.js';

/** Stages everything in the repository at `cwd` and commits it as `message`, as user `t`. */
export async function commitAll(cwd: string, message: string): Promise<void> {
  await runCommandOrThrow('git', ['add', '.'], { cwd });
  await runCommandOrThrow(
    'git',
    ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', message],
    { cwd },
  );
}
