/**
 * `x-context-cache serve`: the MCP server over stdio or Streamable HTTP.
 *
 * @module
 */

import { stat } from 'node:fs/promises';
import { createVerifiedCacheStore } from '@x/context-cache';
import type { ReadinessCheck } from '@x/core/health';
import { type RunningServer, type ServerFactory, serveHttp, serveStdio } from '@x/core/serve';
import type { AppObservability } from '@x/core/telemetry-sdk';
import type { AnswerOptions } from './answers.js';
import type { CliCommand } from './arguments.js';
import { fileBound } from './commands.js';
import { buildRepositoryDocs, REPOSITORY_DOCS_CACHE } from './repository-docs.js';
import { createContextCacheServer } from './server.js';
import { StartupError } from './startup-error.js';
import { createStrategies } from './strategies.js';

/** A started server, and a line saying what it serves and where. */
export interface Served {
  /** Closes the server and removes a built-in cache. */
  readonly running: RunningServer;
  /** `serving ... over stdio` or `serving ... at http://...`. */
  readonly description: string;
}

/** Where the caches come from: the given root, or the built-in docs in a temporary one. */
async function chooseRoot(
  root: string | undefined,
): Promise<{ cacheRoot: string; what: string; release: () => Promise<void> }> {
  if (root !== undefined) {
    const isFolder = await stat(root).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    if (!isFolder) throw new StartupError(`--root ${root} is not a folder`);
    return { cacheRoot: root, what: `the caches in ${root}`, release: async () => {} };
  }
  const docs = await buildRepositoryDocs();
  return {
    cacheRoot: docs.cacheRoot,
    what: `the built-in cache "${REPOSITORY_DOCS_CACHE}" (${docs.documentCount} repository READMEs)`,
    release: docs.release,
  };
}

/** Ready while the cache root is a folder the server can read. */
function cacheRootReadiness(cacheRoot: string): ReadinessCheck {
  return {
    name: 'caches',
    async check() {
      const isFolder = await stat(cacheRoot).then(
        (stats) => stats.isDirectory(),
        () => false,
      );
      return isFolder ? { ready: true } : { ready: false, reason: 'the cache root is gone' };
    },
  };
}

function closingBoth(inner: RunningServer, release: () => Promise<void>): RunningServer {
  return {
    close: async () => {
      await inner.close();
      await release();
    },
  };
}

/**
 * Starts the server. One `McpServer` per session over a shared configuration: the `bm25`
 * strategy instance (its analysis cache is keyed by content hash) and the store of verified
 * caches (each cache verified once per change, whichever session asks). `close()` closes every
 * session, then drops the store and removes the built-in cache's temporary root; over stdio
 * that also happens when stdin ends.
 */
export async function runServe(
  command: Extract<CliCommand, { kind: 'serve' }>,
  onError: (error: unknown) => void,
  observability: AppObservability,
): Promise<Served> {
  const chosen = await chooseRoot(command.root);
  const { cacheRoot, what } = chosen;
  // One store for the process: sessions share what was verified, as they share the strategies.
  const caches = createVerifiedCacheStore(fileBound(command));
  let releasing: Promise<void> | undefined;
  const release = (): Promise<void> => {
    releasing ??= (async () => {
      caches.close();
      await chosen.release();
    })();
    return releasing;
  };
  const options: AnswerOptions = {
    cacheRoot,
    strategies: createStrategies(),
    caches,
    ...fileBound(command),
    onError,
    ...(command.defaultStrategy === undefined ? {} : { defaultStrategy: command.defaultStrategy }),
  };
  const factory: ServerFactory = () => createContextCacheServer(options);
  const checks = [cacheRootReadiness(cacheRoot)];
  try {
    if (command.http === undefined) {
      const inner = await serveStdio(factory, {
        maxMessageBytes: command.maxMessageBytes,
        // The process ends with stdin: flush the telemetry on the way out.
        onClosed: () => void release().finally(() => observability.shutdown()),
        ...observability.requestLog(),
      });
      await observability.logReadiness(checks);
      return { running: closingBoth(inner, release), description: `serving ${what} over stdio` };
    }
    const inner = await serveHttp(factory, {
      ...command.http,
      maxMessageBytes: command.maxMessageBytes,
      onError,
      routes: observability.routes(checks),
      ...observability.requestLog(),
    });
    return {
      running: closingBoth(inner, release),
      description: `serving ${what} at ${inner.url.href}`,
    };
  } catch (error) {
    await release();
    throw error;
  }
}
