/**
 * Runs the commands of `x-cash`: builds the CaSH server and serves it over stdio or HTTP.
 *
 * @module
 */

import { aggregateMcpServers, type CashServer, createCashServer, MANIFEST_PATH } from '@x/cash';
import { type RunningServer, readTokensFile, serveHttp, serveStdio } from '@x/core/serve';
import { createSessionStore } from '@x/core/sessions';
import { loadMcpServersConfig } from '@x/core/upstreams';
import type { CliCommand } from './arguments.js';
import { openDemoDatabase } from './demo/database.js';
import { createDemoServer } from './demo/demo-server.js';

/** A server `x-cash` started, and where it serves: `over stdio` or `at http://...`. */
export interface Served {
  running: RunningServer;
  where: string;
}

type ServeCommand = Extract<CliCommand, { kind: 'demo' | 'aggregate' }>;

/** The endpoint the manifest names, set once the HTTP server has bound its port. */
interface EndpointSlot {
  url: string | undefined;
}

async function serve(
  cash: CashServer,
  command: ServeCommand,
  endpoint: EndpointSlot,
  release: () => Promise<void>,
): Promise<Served> {
  if (command.http === undefined) {
    const running = await serveStdio((context) => cash.createMcpServer(context), {
      maxMessageBytes: command.maxMessageBytes,
      onClosed: () => void release(),
    });
    return { running, where: 'over stdio' };
  }
  const tokens =
    command.tokensPath === undefined ? undefined : await readTokensFile(command.tokensPath);
  // CaSH keeps nothing per session but the caller's role (visibility): with a shared store the
  // session record carries it, so every instance serves every session with the same view.
  const store =
    command.sessionStore === undefined ? undefined : await createSessionStore(command.sessionStore);
  let running: Awaited<ReturnType<typeof serveHttp>>;
  try {
    running = await serveHttp((context) => cash.createMcpServer(context), {
      ...command.http,
      maxMessageBytes: command.maxMessageBytes,
      ...(tokens === undefined ? {} : { tokens }),
      ...(store === undefined || store.backend === 'memory' ? {} : { sessionStore: store }),
      routes: { [MANIFEST_PATH]: cash.manifestRoute() },
    });
  } catch (error) {
    await store?.close();
    throw error;
  }
  endpoint.url = running.url.href;
  return {
    running: {
      close: async () => {
        await running.close();
        await store?.close();
        await release();
      },
    },
    where: `at ${running.url.href}`,
  };
}

/** `x-cash demo`: the shop on SQLite. */
export async function runDemo(command: ServeCommand): Promise<Served> {
  const database = openDemoDatabase(command.databasePath);
  const endpoint: EndpointSlot = { url: undefined };
  const cash = createDemoServer(database, () => endpoint.url);
  return serve(cash, command, endpoint, async () => database.close());
}

/** `x-cash aggregate`: the servers of an mcpServers file behind the three tools. */
export async function runAggregate(command: ServeCommand): Promise<Served> {
  const config = await loadMcpServersConfig(command.configPath ?? '');
  const endpoint: EndpointSlot = { url: undefined };
  const cash = createCashServer({
    name: 'x-cash-aggregate',
    version: '0.1.0',
    manifest: { publisher: 'x-cash aggregate', endpoint: () => endpoint.url },
    ...(command.helpTokenLimit === undefined ? {} : { helpTokenLimit: command.helpTokenLimit }),
  });
  if (command.skillsPath !== undefined) await cash.skillsFromFolder(command.skillsPath);
  const aggregation = await aggregateMcpServers(cash, config, { upstream: { stderr: 'ignore' } });
  return serve(cash, command, endpoint, async () => {
    await aggregation.close();
    await cash.close();
  });
}
