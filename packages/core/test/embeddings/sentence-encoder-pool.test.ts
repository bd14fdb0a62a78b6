/**
 * The sentence encoder's worker pool never keeps a process alive: a process that embedded
 * fewer batches than it has workers (one worker never used) still exits on its own, as an app
 * must when its stdin closes while the catalog's vectors are computed.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The built provider: the pool runs only from `dist/`, where its worker module is. */
const PROVIDER = new URL('../../dist/embeddings/index.js', import.meta.url).href;

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'x-encoder-pool-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/**
 * Runs `script` as a module file in a fresh Node process (a file, not `-e`: workers inherit the
 * process's flags); resolves with its exit code and output.
 */
async function runNode(script: string): Promise<{ code: number | null; stdout: string }> {
  const file = join(folder, 'script.mjs');
  await writeFile(file, script);
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout };
}

describe('the sentence encoder worker pool', () => {
  it('lets the process exit after one batch on a pool of two workers', async () => {
    const { code, stdout } = await runNode(`
      const { createSentenceEncoderProvider } = await import(${JSON.stringify(PROVIDER)});
      const provider = createSentenceEncoderProvider({ workers: 2 });
      const vectors = await provider.embed(['one short text']);
      console.log(vectors.length, vectors[0].length);
    `);
    expect(stdout.trim()).toBe('1 512');
    expect(code).toBe(0);
  });

  it('answers a query split over both workers with the vectors of one thread, in order', async () => {
    const { code, stdout } = await runNode(`
      const { createSentenceEncoderProvider } = await import(${JSON.stringify(PROVIDER)});
      const texts = ['send an email to my team', 'then book a table', 'and convert euros'];
      const pooled = await createSentenceEncoderProvider({ workers: 2 }).embed(texts);
      const alone = await createSentenceEncoderProvider({ workers: 1 }).embed(texts);
      const same = pooled.every((vector, i) =>
        vector.every((value, k) => Math.abs(value - alone[i][k]) < 1e-5));
      console.log(pooled.length, same);
    `);
    expect(stdout.trim()).toBe('3 true');
    expect(code).toBe(0);
  });
});
