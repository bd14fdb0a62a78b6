/**
 * Runs the commands of `x-cash`: builds the CaSH server and serves it over stdio or HTTP.
 *
 * @module
 */

import {
  type Aggregation,
  aggregateMcpServers,
  type CashServer,
  createCashServer,
  createPolicyVisibility,
  MANIFEST_PATH,
} from '@x/cash';
import { type ReadinessCheck, sessionStoreReadiness, upstreamsReadiness } from '@x/core/health';
import { openConfiguredIntegrity } from '@x/core/integrity';
import { secretsOfMcpServersConfig, secretsOfUrl } from '@x/core/logging';
import { createPolicyEngine } from '@x/core/policy';
import {
  type RunningServer,
  readOAuthFile,
  readTokensFile,
  serveHttp,
  serveStdio,
} from '@x/core/serve';
import { createSessionStore } from '@x/core/sessions';
import type { AppObservability } from '@x/core/telemetry-sdk';
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

/** What a served command needs of the app's observability, and the checks of its own parts. */
interface Observed {
  readonly observability: AppObservability;
  /** The readiness of what the command serves from (its upstreams); the store is added here. */
  readonly checks: readonly ReadinessCheck[];
}

async function serve(
  cash: CashServer,
  command: ServeCommand,
  endpoint: EndpointSlot,
  release: () => Promise<void>,
  observed: Observed,
): Promise<Served> {
  const { observability } = observed;
  if (command.http === undefined) {
    const running = await serveStdio((context) => cash.createMcpServer(context), {
      maxMessageBytes: command.maxMessageBytes,
      // The process ends with stdin: flush the telemetry on the way out.
      onClosed: () => void release().finally(() => observability.shutdown()),
      ...observability.requestLog(),
    });
    await observability.logReadiness(observed.checks);
    return { running, where: 'over stdio' };
  }
  const tokens =
    command.tokensPath === undefined ? undefined : await readTokensFile(command.tokensPath);
  observability.logger.redactor.addSecrets(Object.keys(tokens ?? {}));
  const oauth =
    command.oauthPath === undefined ? undefined : await readOAuthFile(command.oauthPath);
  const storeUrl = (command.sessionStore as { redis?: unknown } | undefined)?.redis;
  if (typeof storeUrl === 'string')
    observability.logger.redactor.addSecrets(secretsOfUrl(storeUrl));
  // CaSH keeps nothing per session but the caller's role (visibility): with a shared store the
  // session record carries it, so every instance serves every session with the same view.
  const store =
    command.sessionStore === undefined
      ? undefined
      : await createSessionStore(command.sessionStore, {
          onError: (error) => observability.logger.error('session-store.error', error.message),
        });
  let running: Awaited<ReturnType<typeof serveHttp>>;
  try {
    running = await serveHttp((context) => cash.createMcpServer(context), {
      ...command.http,
      maxMessageBytes: command.maxMessageBytes,
      ...(tokens === undefined ? {} : { tokens }),
      ...(oauth === undefined ? {} : { oauth }),
      ...(store === undefined || store.backend === 'memory' ? {} : { sessionStore: store }),
      routes: {
        ...observability.routes([
          ...observed.checks,
          ...(store === undefined || store.backend === 'memory'
            ? []
            : [sessionStoreReadiness(store)]),
        ]),
        [MANIFEST_PATH]: cash.manifestRoute(),
      },
      ...observability.requestLog(),
      onError: (error) =>
        observability.logger.error(
          'server.error',
          error instanceof Error ? error.message : String(error),
        ),
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
export async function runDemo(
  command: ServeCommand,
  observability: AppObservability,
): Promise<Served> {
  const database = openDemoDatabase(command.databasePath);
  const endpoint: EndpointSlot = { url: undefined };
  const cash = createDemoServer(database, () => endpoint.url);
  return serve(cash, command, endpoint, async () => database.close(), {
    observability,
    checks: [],
  });
}

/** `x-cash aggregate`: the servers of an mcpServers file behind the three tools. */
export async function runAggregate(
  command: ServeCommand,
  observability: AppObservability,
): Promise<Served> {
  const config = await loadMcpServersConfig(command.configPath ?? '');
  observability.logger.redactor.addSecrets(secretsOfMcpServersConfig(config));
  const endpoint: EndpointSlot = { url: undefined };
  const policies = createPolicyEngine(config.policies);
  // The hook asks the aggregation how each server is served; it answers no request before it.
  let aggregation: Aggregation | undefined;
  const visibility = createPolicyVisibility(config, policies, (server) =>
    aggregation?.servedAs(server),
  );
  const cash = createCashServer({
    name: 'x-cash-aggregate',
    version: '0.1.0',
    manifest: { publisher: 'x-cash aggregate', endpoint: () => endpoint.url },
    ...(command.helpTokenLimit === undefined ? {} : { helpTokenLimit: command.helpTokenLimit }),
    ...(visibility === undefined ? {} : { visibility }),
  });
  if (command.skillsPath !== undefined) await cash.skillsFromFolder(command.skillsPath);
  // Quarantined tools (see @x/core/integrity) are never mounted: absent from help, refused by call.
  const integrity = await openConfiguredIntegrity({
    config,
    configPath: command.configPath ?? '',
    sessionStore: command.sessionStore,
    onReport: (line) => observability.logger.warn('integrity.quarantine', line),
    onStoreError: (error) => observability.logger.error('session-store.error', error.message),
  });
  const aggregated = await aggregateMcpServers(cash, config, {
    upstream: { stderr: 'ignore', ...(integrity === undefined ? {} : { toolScreen: integrity }) },
    policies,
  }).catch(async (error: unknown) => {
    await integrity?.close();
    throw error;
  });
  aggregation = aggregated;
  return serve(
    cash,
    command,
    endpoint,
    async () => {
      await aggregated.close();
      await integrity?.close();
      await cash.close();
    },
    { observability, checks: [upstreamsReadiness(() => aggregated.pool.upstreams.values())] },
  );
}
