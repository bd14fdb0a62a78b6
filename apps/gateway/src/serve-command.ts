/**
 * `x-gateway serve`.
 *
 * @module
 */

import {
  formatListenAddress,
  type RunningServer,
  readTokensFile,
  type ServerFactory,
  serveHttp,
  serveStdio,
} from '@x/core/serve';
import { createGatewayServerFactory, createProxyServerFactory } from '@x/gateway/server';
import type { GatewayCommand } from './cli-arguments.js';
import { openRuntime } from './open-runtime.js';

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
  const controls = opened.controls === undefined ? {} : { controls: opened.controls };
  const cacheStable = opened.config.cacheStable;
  const browseAndPrimitives = {
    ...(cacheStable?.enabled === true ? { cacheStable } : {}),
    ...(opened.primitives === undefined ? {} : { primitives: opened.primitives }),
  };
  const factory: ServerFactory =
    command.mode === 'proxy'
      ? createProxyServerFactory(opened.runtime, { toolNames: command.toolNames, ...controls })
      : createGatewayServerFactory(opened.runtime, {
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
      await opened.close();
    })();
    return closing;
  };
  try {
    if (command.http === undefined) {
      running = await serveStdio(factory, { onClosed: () => void close() });
      report(`serving ${summary} over stdio`);
    } else {
      const http = await serveHttp(factory, {
        host: command.http.host,
        port: command.http.port,
        ...(tokens === undefined ? {} : { tokens }),
      });
      running = http;
      report(`serving ${summary} at ${http.url.href} (${formatListenAddress(command.http)})`);
    }
  } catch (error) {
    await opened.close();
    throw error;
  }
  return { close };
}
