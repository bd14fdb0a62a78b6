/**
 * Worker threads for the sentence encoder: the model runs one batch at a time per WebAssembly
 * instance, so a pool of workers, each with its own instance, embeds on every core.
 *
 * @module
 */

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CoreError } from '../errors.js';
import type { SentenceEncoderModel } from './sentence-encoder-model.js';

/** A worker's answer to one batch. */
interface WorkerAnswer {
  readonly id: number;
  readonly vectors?: Float32Array[];
  readonly error?: string;
}

interface Pending {
  resolve(vectors: number[][]): void;
  reject(error: Error): void;
}

interface PoolWorker {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
}

/** The built worker module, beside this one in `dist/` (absent when running from source). */
const WORKER_FILE = fileURLToPath(new URL('./sentence-encoder-worker.js', import.meta.url));

/** Whether worker threads can run here: the built worker module exists. */
export function workersAvailable(): boolean {
  return existsSync(WORKER_FILE);
}

/**
 * A {@link SentenceEncoderModel} whose batches run on `size` worker threads, each batch on the
 * worker with the fewest batches waiting. Workers start on the first batch and never keep the
 * process alive (they are unreferenced while idle).
 */
export function createEncoderPool(size: number): SentenceEncoderModel {
  const workers: PoolWorker[] = [];
  let nextId = 0;

  function start(): void {
    for (let i = 0; i < size; i += 1) {
      const worker = new Worker(WORKER_FILE);
      const entry: PoolWorker = { worker, pending: new Map() };
      worker.on('message', (answer: WorkerAnswer) => {
        const waiting = entry.pending.get(answer.id);
        if (waiting === undefined) return;
        entry.pending.delete(answer.id);
        if (entry.pending.size === 0) worker.unref();
        if (answer.error !== undefined || answer.vectors === undefined) {
          waiting.reject(new Error(answer.error ?? 'the worker answered no vectors'));
        } else waiting.resolve(answer.vectors.map((vector) => Array.from(vector)));
      });
      worker.on('error', (error) => {
        for (const waiting of entry.pending.values()) waiting.reject(error);
        entry.pending.clear();
        workers.splice(workers.indexOf(entry), 1);
      });
      // After the listeners: adding a 'message' listener refs the worker's port again.
      worker.unref();
      workers.push(entry);
    }
  }

  return {
    embed(texts) {
      if (workers.length === 0) start();
      const entry = workers.reduce<PoolWorker | undefined>(
        (best, candidate) =>
          best === undefined || candidate.pending.size < best.pending.size ? candidate : best,
        undefined,
      );
      if (entry === undefined) {
        return Promise.reject(
          new CoreError({ code: 'UNAVAILABLE', message: 'the sentence encoder workers stopped' }),
        );
      }
      const id = nextId;
      nextId += 1;
      return new Promise<number[][]>((resolve, reject) => {
        entry.pending.set(id, { resolve, reject });
        entry.worker.ref();
        entry.worker.postMessage({ id, texts });
      });
    },
  };
}
