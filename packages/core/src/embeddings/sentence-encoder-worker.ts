/**
 * The worker thread of `createSentenceEncoderProvider({ workers })`: loads the sentence encoder
 * once and embeds the batches its parent sends, one at a time.
 *
 * @module
 */

import { parentPort } from 'node:worker_threads';
import { loadSentenceEncoder } from './sentence-encoder-provider.js';

/** A batch to embed. */
interface WorkerRequest {
  readonly id: number;
  readonly texts: string[];
}

const port = parentPort;
if (port !== null) {
  port.on('message', (request: WorkerRequest) => {
    void (async () => {
      try {
        const model = await loadSentenceEncoder();
        const vectors = (await model.embed(request.texts)).map((vector) =>
          Float32Array.from(vector),
        );
        port.postMessage(
          { id: request.id, vectors },
          vectors.map((vector) => vector.buffer as ArrayBuffer),
        );
      } catch (error) {
        port.postMessage({
          id: request.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    })();
  });
}
