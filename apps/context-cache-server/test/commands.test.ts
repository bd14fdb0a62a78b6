import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuild } from '../src/commands.js';
import { removeFolder, SAMPLE_SOURCES, temporaryFolder, writeFiles } from './helpers.js';

let folder: string;
let sources: string;

beforeAll(async () => {
  folder = await temporaryFolder('commands');
  sources = join(folder, 'sources');
  await writeFiles(sources, SAMPLE_SOURCES);
});

afterAll(() => removeFolder(folder));

/** Carriage return, then ANSI "erase to end of line". */
const CLEAR = '\r\u001b[K';

function recorder(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) }, written };
}

describe('runBuild', () => {
  it('shows a status line on a terminal and replaces it with the document count', async () => {
    const { stream, written } = recorder(true);
    const cache = join(folder, 'on-terminal');
    const outcome = await runBuild(
      { kind: 'build', sources, cache, force: false, include: undefined },
      stream,
    );
    expect(outcome.exitCode).toBe(0);
    const [first] = written;
    expect(first?.startsWith(`${CLEAR}x-context-cache: building `)).toBe(true);
    expect(first).toMatch(/on-terminal… \d+\.\d s$/);
    expect(written.at(-1)).toBe(`${CLEAR}x-context-cache: built 6 documents\n`);
  });

  it('writes nothing to a stream that is not a terminal', async () => {
    const { stream, written } = recorder(false);
    const cache = join(folder, 'piped');
    const outcome = await runBuild(
      { kind: 'build', sources, cache, force: false, include: undefined },
      stream,
    );
    expect(outcome.exitCode).toBe(0);
    expect(written).toEqual([]);
  });
});
