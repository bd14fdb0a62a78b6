/**
 * `x-gateway serve`.
 *
 * @module
 */

import { CoreError } from '@x/core';
import { type ReadinessCheck, sessionStoreReadiness, upstreamsReadiness } from '@x/core/health';
import { secretsOfUrl } from '@x/core/logging';
import {
  formatListenAddress,
  type RunningServer,
  readOAuthFile,
  readTokensFile,
  type ServerFactory,
  serveHttp,
  serveStdio,
} from '@x/core/serve';
import type { AppObservability } from '@x/core/telemetry-sdk';
import { createProxyServerFactory, prepareHybridBrowse } from '@x/gateway/server';
import type { GatewayCommand } from './cli-arguments.js';

import type { GatewayConfig } from './gateway-config.js';
import { gatewayEmbeddingsOf } from './hybrid-browse.js';
import { gatewayCallTargets } from './oauth-call-targets.js';
import { openRuntime } from './open-runtime.js';
import { openSharedState, type SharedState } from './shared-state.js';

/**
 * Serves the gateway or the proxy over stdio or Streamable HTTP until the
 * returned server is closed (or, over stdio, until stdin ends). Closing it
 * also closes every upstream and flushes the telemetry.
 *
 * Over HTTP, `/healthz`, `/readyz` (an upstream connected, the session store
 * answering) and `/metrics` sit beside `/mcp`; over stdio the readiness is
 * one log line once the catalog is ingested. The log never shows a bearer
 * token, an upstream's env or header values, or the store's credentials.
 */
export async function serve(
  command: Extract<GatewayCommand, { kind: 'serve' }>,
  observability: AppObservability,
): Promise<RunningServer> {
  const { logger } = observability;
  const report = (line: string) => logger.warn('gateway.notice', line);
  const tokens =
    command.tokensPath === undefined ? undefined : await readTokensFile(command.tokensPath);
  logger.redactor.addSecrets(Object.keys(tokens ?? {}));
  const oauth =
    command.oauthPath === undefined ? undefined : await readOAuthFile(command.oauthPath);
  const opened = await openRuntime(command.configPath, {
    quiet: command.quiet,
    report,
    ...(command.sessionStore === undefined ? {} : { sessionStore: command.sessionStore }),
    onSecrets: (secrets) => logger.redactor.addSecrets(secrets),
    // An upstream's stderr goes through the log too, so that its lines lose the secrets the
    // gateway knows (an env value it prints) and JSON lines stay JSON lines.
    upstreamStderr: stderrLines((upstream, line) =>
      logger.info('upstream.stderr', `upstream ${upstream}: ${line}`, { upstream }),
    ),
  });
  let state: SharedState;
  try {
    state = await openState(command, opened.config, logger);
  } catch (error) {
    await opened.close();
    throw error;
  }
  const controls = opened.controls === undefined ? {} : { controls: opened.controls };
  const { cacheStable } = opened.config;
  const groups = opened.config.groups?.enabled === true ? { groups: true } : {};
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
          ...groups,
          policies: opened.policies,
          sessionStore: state.store,
        })
      : state.gatewayFactory(opened.runtime, {
          ...(command.maxInlineTokens === undefined
            ? {}
            : { firewall: { maxInlineTokens: command.maxInlineTokens } }),
          ...controls,
          ...groups,
          ...browseAndPrimitives,
          policies: opened.policies,
        });
  // Only the upstreams that are up serve tools; the others join when core's retry brings them up.
  const up = [...opened.pool.upstreams.values()].filter((upstream) => upstream.status === 'ready');
  const summary = `${opened.runtime.catalog.size} tools from ${up.length} servers, ${command.mode} mode`;
  const onRequest = observability.requestLog();
  const checks: ReadinessCheck[] = [
    upstreamsReadiness(() => opened.pool.upstreams.values()),
    ...(state.store.backend === 'memory' ? [] : [sessionStoreReadiness(state.store)]),
  ];
  let closing: Promise<void> | undefined;
  let running: RunningServer | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await running?.close();
      stopHybrid?.();
      await opened.close();
      await state.close();
      await observability.shutdown();
      logger.info('server.closed', 'closed');
    })();
    return closing;
  };
  try {
    if (command.http === undefined) {
      running = await serveStdio(factory, {
        maxMessageBytes: command.maxMessageBytes,
        onClosed: () => void close(),
        ...onRequest,
      });
      logger.info('server.listening', `serving ${summary} over stdio`, { transport: 'stdio' });
      await observability.logReadiness(checks);
    } else {
      const http = await serveHttp(factory, {
        host: command.http.host,
        port: command.http.port,
        maxMessageBytes: command.maxMessageBytes,
        ...(tokens === undefined ? {} : { tokens }),
        ...(oauth === undefined ? {} : { oauth, oauthCallTargets: gatewayCallTargets }),
        ...state.http,
        routes: observability.routes(checks),
        ...onRequest,
        onError: (error) =>
          logger.error('server.error', error instanceof Error ? error.message : String(error)),
      });
      running = http;
      logger.info(
        'server.listening',
        `serving ${summary} at ${http.url.href} (${formatListenAddress(command.http)})`,
        { transport: 'http', url: http.url.href },
      );
    }
  } catch (error) {
    await opened.close();
    await state.close();
    await observability.shutdown();
    throw error;
  }
  return { close };
}

/** Cuts each upstream's stderr into whole lines (a chunk may end inside one); drops blank lines. */
function stderrLines(
  onLine: (upstream: string, line: string) => void,
): (text: string, upstream: string) => void {
  const partial = new Map<string, string>();
  return (text, upstream) => {
    const lines = `${partial.get(upstream) ?? ''}${text}`.split('\n');
    partial.set(upstream, lines.pop() ?? '');
    for (const line of lines) if (line.trim() !== '') onLine(upstream, line);
  };
}

/**
 * The session state of a `serve`: `--session-store` over the file's `sessionStore` (HTTP only;
 * stdio serves one session in memory), `--artifact-dir` over the file's `artifacts.directory`.
 */
async function openState(
  command: Extract<GatewayCommand, { kind: 'serve' }>,
  config: GatewayConfig,
  logger: AppObservability['logger'],
): Promise<SharedState> {
  const sessionStore =
    command.http === undefined ? undefined : (command.sessionStore ?? config.sessionStore);
  const redisUrl = (sessionStore as { redis?: unknown } | undefined)?.redis;
  if (typeof redisUrl === 'string') logger.redactor.addSecrets(secretsOfUrl(redisUrl));
  const state = await openSharedState(
    sessionStore,
    {
      ...config.artifacts,
      ...(command.artifactDirectory === undefined ? {} : { directory: command.artifactDirectory }),
    },
    { onError: (error) => logger.error('session-store.error', error.message) },
  );
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
