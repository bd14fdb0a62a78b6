/**
 * `x-gateway serve`.
 *
 * @module
 */

import { CoreError } from '@x/core';
import {
  formatListenAddress,
  type RunningServer,
  readTokensFile,
  type ServerFactory,
  serveHttp,
  serveStdio,
} from '@x/core/serve';
import { createProxyServerFactory, prepareHybridBrowse } from '@x/gateway/server';
import type { GatewayCommand } from './cli-arguments.js';

import type { GatewayConfig } from './gateway-config.js';
import { gatewayEmbeddingsOf } from './hybrid-browse.js';
import { openRuntime } from './open-runtime.js';
import { openSharedState, type SharedState } from './shared-state.js';

/**
 * Serves the gateway or the proxy over stdio or Streamable HTTP until the
 * returned server is closed (or, over stdio, until stdin ends). Closing it
 * also closes every upstream.
 */
export async function serve(
  command: Extract<GatewayCommand, { kind: 'serve' }>,
  report: (line: string) => void,
): Promise<RunningServer> {
  const tokens =
    command.tokensPath === undefined ? undefined : await readTokensFile(command.tokensPath);
  const opened = await openRuntime(command.configPath, { quiet: command.quiet, report });
  let state: SharedState;
  try {
    state = await openState(command, opened.config);
  } catch (error) {
    await opened.close();
    throw error;
  }
  const controls = opened.controls === undefined ? {} : { controls: opened.controls };
  const { cacheStable } = opened.config;
  const embeddings =
    command.mode === 'gateway'
      ? gatewayEmbeddingsOf(
          opened.config,
          { ranking: command.ranking, vectorCache: command.vectorCache, store: state.store },
          report,
        )
      : undefined;
  const stopHybrid =
    embeddings === undefined ? undefined : prepareHybridBrowse(opened.runtime, embeddings);
  const browseAndPrimitives = {
    ...(cacheStable?.enabled === true ? { cacheStable } : {}),
    ...(embeddings === undefined ? {} : { embeddings }),
    ...(opened.primitives === undefined ? {} : { primitives: opened.primitives }),
  };
  const factory: ServerFactory =
    command.mode === 'proxy'
      ? createProxyServerFactory(opened.runtime, {
          toolNames: command.toolNames,
          ...controls,
          sessionStore: state.store,
        })
      : state.gatewayFactory(opened.runtime, {
          ...(command.maxInlineTokens === undefined
            ? {}
            : { firewall: { maxInlineTokens: command.maxInlineTokens } }),
          ...controls,
          ...browseAndPrimitives,
        });
  const summary = `${opened.runtime.catalog.size} tools from ${opened.pool.upstreams.size} servers, ${command.mode} mode`;
  let closing: Promise<void> | undefined;
  let running: RunningServer | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await running?.close();
      stopHybrid?.();
      await opened.close();
      await state.close();
    })();
    return closing;
  };
  try {
    if (command.http === undefined) {
      running = await serveStdio(factory, {
        maxMessageBytes: command.maxMessageBytes,
        onClosed: () => void close(),
      });
      report(`serving ${summary} over stdio`);
    } else {
      const http = await serveHttp(factory, {
        host: command.http.host,
        port: command.http.port,
        maxMessageBytes: command.maxMessageBytes,
        ...(tokens === undefined ? {} : { tokens }),
        ...state.http,
      });
      running = http;
      report(`serving ${summary} at ${http.url.href} (${formatListenAddress(command.http)})`);
    }
  } catch (error) {
    await opened.close();
    await state.close();
    throw error;
  }
  return { close };
}

/**
 * The session state of a `serve`: `--session-store` over the file's `sessionStore` (HTTP only;
 * stdio serves one session in memory), `--artifact-dir` over the file's `artifacts.directory`.
 */
async function openState(
  command: Extract<GatewayCommand, { kind: 'serve' }>,
  config: GatewayConfig,
): Promise<SharedState> {
  const sessionStore =
    command.http === undefined ? undefined : (command.sessionStore ?? config.sessionStore);
  const state = await openSharedState(sessionStore, {
    ...config.artifacts,
    ...(command.artifactDirectory === undefined ? {} : { directory: command.artifactDirectory }),
  });
  if (command.artifactDirectory !== undefined && state.store.backend === 'memory') {
    await state.close();
    throw new CoreError({
      code: 'CONFIG_INVALID',
      message:
        '--artifact-dir needs a shared session store: --http with --session-store redis://...',
    });
  }
  return state;
}
