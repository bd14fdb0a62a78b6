/**
 * Runs the commands of `x-pd`: builds the server and serves it over stdio or HTTP.
 *
 * @module
 */

import { type ReadinessCheck, sessionStoreReadiness, upstreamsReadiness } from '@x/core/health';
import { openToolIntegrity } from '@x/core/integrity';
import { secretsOfMcpServersConfig, secretsOfUrl } from '@x/core/logging';
import { createPolicyEngine } from '@x/core/policy';
import {
  type RunningServer,
  readOAuthFile,
  readTokensFile,
  type ServerFactory,
  serveHttp,
  serveStdio,
  sessionScope,
} from '@x/core/serve';
import { type ClosableSessionStore, createSessionStore } from '@x/core/sessions';
import type { AppObservability } from '@x/core/telemetry-sdk';
import { loadMcpServersConfig } from '@x/core/upstreams';
import {
  checkDescriptions,
  createDisclosureProxy,
  createProgressiveDisclosure,
  type DescriptionFolder,
  loadDescriptionFolder,
  type ProgressiveDisclosureOptions,
  systemPromptGuidance,
} from '@x/progressive-disclosure';
import type { CliCommand, CommonOptions } from './arguments.js';
import { createDemoDescriptions, createDemoServer } from './demo/demo-server.js';
import { type Measurement, measureDisclosure } from './measure.js';
import { authorizeByRole } from './roles.js';

/** Where `x-pd` reports what it does (standard error: standard output carries MCP over stdio). */
export type Log = (line: string) => void;

/** The app's observability and the readiness of what a command serves from (its upstreams). */
export interface Observed {
  /** The log, the SDK and the operator routes. */
  readonly observability: AppObservability;
  /** Checks besides the session store's, which `serve` adds. */
  readonly checks: readonly ReadinessCheck[];
}

/** A server `x-pd` started, and where it serves: `over stdio` or `at http://...`. */
export interface Served {
  running: RunningServer;
  where: string;
}

function layerOptions(command: Partial<CommonOptions>): ProgressiveDisclosureOptions {
  return {
    authorize: authorizeByRole,
    keepClientHints: command.keepClientHints === true,
    ...(command.maxSummaryTokens === undefined
      ? {}
      : { maxSummaryTokens: command.maxSummaryTokens }),
    ...(command.schemaStyle === undefined ? {} : { schemaStyle: command.schemaStyle }),
  };
}

/**
 * Where session state lives: with `--session-store redis://...`, one Redis shared by every
 * instance, which also records the MCP sessions so any instance serves any request of them.
 */
interface Sessions {
  readonly store: ClosableSessionStore;
  /** Progressive-disclosure options that put grants and rate limits in the store. */
  readonly layer: Pick<ProgressiveDisclosureOptions, 'store' | 'forgetOnClose'>;
}

/** Opens the session store the command asks for (in memory by default). */
async function openSessions(
  command: Partial<CommonOptions>,
  observability: AppObservability,
): Promise<Sessions> {
  const storeUrl = (command.sessionStore as { redis?: unknown } | undefined)?.redis;
  if (typeof storeUrl === 'string')
    observability.logger.redactor.addSecrets(secretsOfUrl(storeUrl));
  const store = await createSessionStore(command.sessionStore, {
    onError: (error) => observability.logger.error('session-store.error', error.message),
  });
  // A shared store outlives this instance's copy of a session: only a DELETE ends it.
  return { store, layer: { store, forgetOnClose: store.backend === 'memory' } };
}

async function serve(
  factory: ServerFactory,
  command: CommonOptions,
  release: () => Promise<void>,
  sessions: Sessions & { forget: (sessionId: string) => Promise<void> },
  observed: Observed,
): Promise<Served> {
  const { observability } = observed;
  if (command.http === undefined) {
    const running = await serveStdio(factory, {
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
  const shared = sessions.store.backend !== 'memory';
  const running = await serveHttp(factory, {
    ...command.http,
    maxMessageBytes: command.maxMessageBytes,
    ...(tokens === undefined ? {} : { tokens }),
    ...(oauth === undefined ? {} : { oauth }),
    ...(shared
      ? {
          sessionStore: sessions.store,
          onSessionClosed: (sessionId, reason) => {
            if (reason === 'deleted') {
              void sessions.forget(sessionScope(sessionId)).catch(() => {});
            }
          },
        }
      : {}),
    routes: observability.routes([
      ...observed.checks,
      ...(shared ? [sessionStoreReadiness(sessions.store)] : []),
    ]),
    ...observability.requestLog(),
    onError: (error) =>
      observability.logger.error(
        'server.error',
        error instanceof Error ? error.message : String(error),
      ),
  });
  return {
    running: {
      close: async () => {
        await running.close();
        await release();
      },
    },
    where: `at ${running.url.href}`,
  };
}

/**
 * The server factory of `x-pd demo`: each session gets its own demo data behind one shared
 * progressive-disclosure layer, with the role policy and the system prompt guidance as
 * `instructions`.
 */
export function createDemoFactory(
  options: Partial<CommonOptions> = {},
  sessionOptions: Pick<ProgressiveDisclosureOptions, 'store' | 'forgetOnClose'> = {},
): ServerFactory & { forgetSession: (sessionKey: string) => Promise<void> } {
  const layer = createProgressiveDisclosure({
    ...layerOptions(options),
    ...sessionOptions,
    descriptions: createDemoDescriptions(),
  });
  const instructions = systemPromptGuidance({
    exampleTools: ['tasks_list', 'calendar_find_free_slot'],
  });
  return Object.assign(
    layer.wrapFactory(() => createDemoServer(instructions)),
    { forgetSession: layer.forgetSession },
  );
}

/** `x-pd demo`: the twelve-tool demo server behind progressive disclosure. */
export async function runDemo(
  command: Extract<CliCommand, { kind: 'demo' }>,
  observability: AppObservability,
): Promise<Served> {
  const sessions = await openSessions(command, observability);
  const factory = createDemoFactory(command, sessions.layer);
  const release = () => sessions.store.close();
  try {
    return await serve(
      factory,
      command,
      release,
      { ...sessions, forget: factory.forgetSession },
      { observability, checks: [] },
    );
  } catch (error) {
    await release();
    throw error;
  }
}

/** `x-pd wrap`: the proxy in front of the servers of an mcpServers file. */
export async function runWrap(
  command: Extract<CliCommand, { kind: 'wrap' }>,
  log: Log,
  observability: AppObservability,
): Promise<Served> {
  const config = await loadMcpServersConfig(command.configPath);
  observability.logger.redactor.addSecrets(secretsOfMcpServersConfig(config));
  const sessions = await openSessions(command, observability);
  // Quarantined tools (see @x/core/integrity) never reach the layer's listings or calls.
  let integrity: ReturnType<typeof openToolIntegrity>;
  try {
    integrity = openToolIntegrity({
      config,
      configPath: command.configPath,
      ...(sessions.store.backend === 'memory' ? {} : { sharedStore: sessions.store }),
      onReport: (line) => log(`x-pd: ${line}`),
    });
  } catch (error) {
    await sessions.store.close();
    throw error;
  }
  let folder: DescriptionFolder | undefined;
  if (command.descriptionsPath !== undefined) {
    folder = await loadDescriptionFolder(command.descriptionsPath, {
      watch: command.watch,
      onReload: (names) => log(`x-pd: reloaded ${names.length} tool descriptions`),
      onError: (error) => log(`x-pd: descriptions not reloaded: ${error.message}`),
    });
  }
  const proxy = createDisclosureProxy(config, {
    ...layerOptions(command),
    ...sessions.layer,
    prefixTools: command.prefixTools,
    groups: command.groups,
    policies: createPolicyEngine(config.policies),
    ...(folder === undefined ? {} : { descriptions: folder }),
    ...(integrity === undefined ? {} : { upstream: { toolScreen: integrity } }),
    onUpstreamError: (name, error) =>
      log(`x-pd: upstream ${name}: ${error.code}: ${error.message}`),
  });
  const release = async () => {
    folder?.close();
    await proxy.close();
    await integrity?.close();
    await sessions.store.close();
  };
  if (folder !== undefined) {
    for (const issue of await checkDescriptions(
      await proxy.listTools(),
      folder,
      folder.toolNames(),
    )) {
      log(`x-pd: warning: ${folder.path}: ${issue.tool}: ${issue.message}`);
    }
  }
  try {
    return await serve(
      proxy.factory,
      command,
      release,
      { ...sessions, forget: proxy.forgetSession },
      { observability, checks: [upstreamsReadiness(() => proxy.pool.upstreams.values())] },
    );
  } catch (error) {
    await release();
    throw error;
  }
}

/** `x-pd measure`: the tokens of the full `tools/list` and of stage 1 for a configuration. */
export async function runMeasure(
  command: Extract<CliCommand, { kind: 'measure' }>,
): Promise<Measurement> {
  const config = await loadMcpServersConfig(command.configPath);
  const folder =
    command.descriptionsPath === undefined
      ? undefined
      : await loadDescriptionFolder(command.descriptionsPath);
  return measureDisclosure(config, {
    ...layerOptions(command),
    prefixTools: command.prefixTools,
    upstream: { stderr: 'ignore' },
    ...(folder === undefined ? {} : { descriptions: folder }),
  });
}
