import type { ChildProcess } from 'node:child_process';

/**
 * Ends the process group led by `child` (spawned `detached`): SIGTERM, then SIGKILL for what is
 * left after `graceMs` (default 3,000); resolves with its exit code once no process of the group
 * remains.
 */
export function stopProcessGroup(child: ChildProcess, graceMs?: number): Promise<number | null>;
