import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The absolute path of a fixture script in test/serve/fixtures. */
export function fixturePath(name: string): string {
  const path = fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
  if (!existsSync(fileURLToPath(new URL('../../dist/serve/index.js', import.meta.url)))) {
    throw new Error(
      'The fixtures import the built package: run `pnpm --filter @x/core build` first.',
    );
  }
  return path;
}

/** Starts `node <fixture> ...args` with piped stdio. */
export function spawnFixture(name: string, args: string[] = []): ChildProcess {
  return spawn(process.execPath, [fixturePath(name), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
}

/** Reads the child's stdout line by line; `next()` rejects if the child exits first. */
export function createLineReader(child: ChildProcess): { next(): Promise<string> } {
  if (child.stdout === null) throw new Error('the child has no stdout pipe');
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async next() {
      const result = await lines.next();
      if (result.done === true) {
        throw new Error(`the fixture closed stdout (exit code ${String(child.exitCode)})`);
      }
      return result.value;
    },
  };
}

/** Resolves with the exit code and signal of `child`, or rejects after `timeoutMs`. */
export async function waitForExit(
  child: ChildProcess,
  timeoutMs: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return { code: child.exitCode, signal: child.signalCode };
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const [code, signal] = (await Promise.race([
      once(child, 'exit'),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the fixture did not exit in ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ])) as [number | null, NodeJS.Signals | null];
    return { code, signal };
  } finally {
    clearTimeout(timer);
  }
}

/** Kills `child` if it still runs (cleanup for failed tests). */
export function killFixture(child: ChildProcess | undefined): void {
  if (child !== undefined && child.exitCode === null && child.signalCode === null)
    child.kill('SIGKILL');
}
