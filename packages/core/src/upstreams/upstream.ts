/**
 * A live, self-healing connection to one upstream MCP server.
 *
 * @module
 */

import type {
  CallToolResult,
  Client,
  RequestOptions,
  ServerCapabilities,
} from '@modelcontextprotocol/client';
import { ListResourceTemplatesResultSchema } from '@modelcontextprotocol/core';
import {
  RESOURCES_DIRECTORY_READ_METHOD,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
} from '@modelcontextprotocol/core/ext/skills';
import { CoreError } from '../errors.js';
import { classifyUpstreamError } from './classify-error.js';
import { quoteName } from './config-issues.js';
import { createConfigError, parseMcpServersConfig } from './config-parse.js';
import { type UpstreamConfig, UpstreamNameSchema } from './config-schema.js';
import type { ListChangedKind } from './connection.js';
import { createDeadline, type Deadline, raceSignal } from './deadline.js';
import { collectPages, type Page } from './paginate.js';
import { specResultSchema } from './result-schema.js';
import { createStartSlots, type StartSlots } from './start-slots.js';
import { filterTools, isToolExposed } from './tool-filter.js';
import { createUpstreamLifecycle, type LiveConnection } from './upstream-lifecycle.js';
import {
  checkTimeoutMs,
  resolveUpstreamOptions,
  type UpstreamOptions,
} from './upstream-options.js';
import {
  fetchDirectoryPage,
  fetchSkill,
  fetchSkillsPage,
  skillsSupport,
  undeclared,
} from './upstream-skills.js';
import { instrumentUpstream } from './upstream-telemetry.js';
import type { Upstream, UpstreamRequestOptions } from './upstream-types.js';

type Work<T> = (client: Client, requestOptions: () => RequestOptions) => Promise<T>;
type PageFetcher<T> = (
  client: Client,
  params: { cursor?: string },
  request: RequestOptions,
) => Promise<Page<T>>;

/**
 * Creates an upstream; nothing is spawned or fetched until `connect()` or an operation.
 *
 * Reconnect policy (no background timers before a failure, so an idle upstream costs nothing):
 * a failed attempt, at the first connect or later, is tried again in the background after the
 * backoff delay below, until one succeeds (its lists are then announced to `onListChanged`),
 * the upstream gives up, or it closes. When the
 * connection is lost (the process exits, or an HTTP request fails as `UNAVAILABLE`), calls
 * in flight fail with `UNAVAILABLE` and the next operation reconnects. A connection that
 * had served a request is reconnected at once; each consecutive failure (a failed attempt,
 * or losing a connection before it served anything) delays the next attempt by
 * `initialDelayMs * 2^(failures - 1)` up to `maxDelayMs`. Operations in that window fail
 * fast with `UNAVAILABLE` (`data.retryInMs`), or with the last attempt's code when that was
 * not retryable (`AUTH`, `PERMISSION`, ...). After `maxAttempts` failures the status is
 * `failed` and operations fail, not retryable, until `connect()`. A successful request
 * resets the count.
 *
 * Timeouts: per call `options.timeoutMs`, else the config's `timeoutMs`, else
 * `defaultTimeoutMs`, counted from the moment the connection is up (starting the server is
 * bounded by `connectTimeoutMs` alone); a timed-out or cancelled request is cancelled upstream with
 * `notifications/cancelled` and the connection stays up. Results pass through as the SDK
 * parsed them; output schemas are not enforced here (the final client does that).
 * Every operation is a client span and counts in the upstream metrics (see `instrumentUpstream`).
 * Throws `INVALID_ARGUMENT` for a bad option and `CONFIG_INVALID` for a bad name or config:
 * `name` is a server name as a parsed config has it (a file's display keys, such as
 * `"Ant Design Components"`, are mapped by the config's parse, not here). `startSlots` bounds its connects together with other upstreams' (a pool shares one); by
 * default it has its own `maxParallelStarts` slots.
 */
export function createUpstream(
  name: string,
  config: UpstreamConfig,
  options?: UpstreamOptions,
  startSlots?: StartSlots,
): Upstream {
  const source = `upstream ${quoteName(name)}`;
  const checkedName = UpstreamNameSchema.safeParse(name);
  if (!checkedName.success) {
    throw createConfigError(source, [
      { message: checkedName.error.issues[0]?.message ?? 'bad name' },
    ]);
  }
  const validConfig = parseMcpServersConfig({ mcpServers: { [name]: config } }, source).mcpServers[
    name
  ] as UpstreamConfig;
  const settings = resolveUpstreamOptions(options);
  const listeners = new Set<(kind: ListChangedKind) => void>();
  const emit = (kind: ListChangedKind) => {
    for (const listener of [...listeners]) {
      try {
        listener(kind);
      } catch {
        // A listener's failure is its own; the others still hear about the change.
      }
    }
  };
  const lifecycle = createUpstreamLifecycle(
    name,
    validConfig,
    settings,
    emit,
    startSlots ?? createStartSlots(settings.maxParallelStarts),
  );

  async function run<T>(
    operation: string,
    requestOptions: UpstreamRequestOptions | undefined,
    work: Work<T>,
  ): Promise<T> {
    const timeoutMs =
      requestOptions?.timeoutMs === undefined
        ? (validConfig.timeoutMs ?? settings.defaultTimeoutMs)
        : checkTimeoutMs('timeoutMs', requestOptions.timeoutMs);
    const callerSignal = requestOptions?.signal;
    const context = {
      upstream: name,
      operation,
      ...(callerSignal ? { signal: callerSignal } : {}),
    };
    const callerAborted = () => callerSignal?.aborted === true;
    if (callerAborted()) {
      throw classifyUpstreamError(callerSignal?.reason, context);
    }
    let live: LiveConnection | undefined = lifecycle.live;
    let deadline: Deadline | undefined;
    try {
      // Starting the server is not the call: a connection on its way is bounded by
      // `connectTimeoutMs` (spawn and initialize), and the call's own budget starts once it is up,
      // so a server slower to start than `timeoutMs` still answers its first call.
      live ??= await raceSignal(lifecycle.ensureReady(operation), callerSignal);
      // Only SDK requests take time from here on, each with what is left of the budget as its own
      // `timeout`, so nothing races a wait.
      const budget = createDeadline(timeoutMs, callerSignal);
      deadline = budget;
      const { signal } = budget;
      const result = await work(live.connection.client, () => ({
        ...(signal === undefined ? {} : { signal }),
        timeout: budget.remainingMs(),
      }));
      lifecycle.markHealthy(live);
      return result;
    } catch (error) {
      if (lifecycle.closed) {
        throw lifecycle.closedError(operation);
      }
      const classified = classifyUpstreamError(error, context);
      const ownTimeout =
        deadline !== undefined && classified.code === 'TIMEOUT' && classified !== error;
      if (!callerAborted() && ownTimeout) {
        throw new CoreError({
          code: 'TIMEOUT',
          message: `${source}: ${operation}: no answer within ${timeoutMs} ms`,
          data: { upstream: name, operation, timeoutMs },
          cause: error,
        });
      }
      if (classified.code === 'UNAVAILABLE' && live !== undefined) {
        lifecycle.drop(live);
      }
      throw classified;
    } finally {
      deadline?.dispose();
    }
  }

  function listAll<T>(
    operation: string,
    capability: keyof ServerCapabilities,
    options: UpstreamRequestOptions | undefined,
    fetchPage: PageFetcher<T>,
  ): Promise<T[]> {
    return run(operation, options, async (client, requestOptions) => {
      if (lifecycle.described?.capabilities?.[capability] === undefined) {
        return [];
      }
      return collectPages(
        (cursor) => fetchPage(client, cursor === undefined ? {} : { cursor }, requestOptions()),
        { upstream: name, operation, maxPages: settings.maxPages },
      );
    });
  }

  /** Whether the tool screen lets a call through; a tool it never judged is listed first. */
  async function screenAdmits(
    toolName: string,
    options: UpstreamRequestOptions | undefined,
  ): Promise<boolean> {
    const screen = settings.toolScreen;
    if (screen === undefined) return true;
    const known = screen.admits(name, toolName);
    if (known !== undefined) return known;
    await upstream.listTools(options);
    return screen.admits(name, toolName) === true;
  }

  const upstream: Upstream = instrumentUpstream({
    name,
    config: validConfig,
    get status() {
      return lifecycle.status;
    },
    get pid() {
      return lifecycle.pid;
    },
    async connect() {
      if (lifecycle.closed) {
        throw lifecycle.closedError('connect');
      }
      await lifecycle.connect();
    },
    async listTools(options) {
      const tools = await listAll(
        'tools/list',
        'tools',
        options,
        async (client, params, request) => {
          const page = await client.request({ method: 'tools/list', params }, request);
          return { items: page.tools, nextCursor: page.nextCursor };
        },
      );
      const exposed = filterTools(tools, validConfig);
      return settings.toolScreen === undefined
        ? exposed
        : settings.toolScreen.screen(name, exposed);
    },
    listResources(options) {
      return listAll('resources/list', 'resources', options, async (client, params, request) => {
        const page = await client.request({ method: 'resources/list', params }, request);
        return { items: page.resources, nextCursor: page.nextCursor };
      });
    },
    listResourceTemplates(options) {
      const operation = 'resources/templates/list';
      return listAll(operation, 'resources', options, async (client, params, request) => {
        const page = await client.request(
          { method: operation, params },
          ListResourceTemplatesResultSchema,
          request,
        );
        return { items: page.resourceTemplates, nextCursor: page.nextCursor };
      });
    },
    listPrompts(options) {
      return listAll('prompts/list', 'prompts', options, async (client, params, request) => {
        const page = await client.request({ method: 'prompts/list', params }, request);
        return { items: page.prompts, nextCursor: page.nextCursor };
      });
    },
    listSkills(options) {
      return run(SKILLS_LIST_METHOD, options, async (client, requestOptions) => {
        if (!skillsSupport(lifecycle.described?.capabilities).skills) return [];
        return collectPages(
          (cursor) =>
            fetchSkillsPage(client, cursor === undefined ? {} : { cursor }, requestOptions()),
          { upstream: name, operation: SKILLS_LIST_METHOD, maxPages: settings.maxPages },
        );
      });
    },
    getSkill(uri, options) {
      return run(SKILLS_GET_METHOD, options, async (client, requestOptions) => {
        if (!skillsSupport(lifecycle.described?.capabilities).skills) {
          throw undeclared(name, SKILLS_GET_METHOD, 'the Skills extension');
        }
        return fetchSkill(client, uri, requestOptions());
      });
    },
    readResourceDirectory(uri, options) {
      const operation = RESOURCES_DIRECTORY_READ_METHOD;
      return run(operation, options, async (client, requestOptions) => {
        if (!skillsSupport(lifecycle.described?.capabilities).directoryRead) {
          throw undeclared(name, operation, 'directoryRead of the Skills extension');
        }
        return collectPages(
          (cursor) =>
            fetchDirectoryPage(
              client,
              cursor === undefined ? { uri } : { uri, cursor },
              requestOptions(),
            ),
          { upstream: name, operation, maxPages: settings.maxPages },
        );
      });
    },
    async callTool(toolName, args, options) {
      const operation = `tools/call ${quoteName(toolName)}`;
      if (!isToolExposed(toolName, validConfig)) {
        throw new CoreError({
          code: 'INVALID_ARGUMENT',
          message: `${source}: ${operation}: the tool is hidden by include/exclude`,
          data: { upstream: name, operation, tool: toolName },
        });
      }
      if (!(await screenAdmits(toolName, options))) {
        throw new CoreError({
          code: 'INVALID_ARGUMENT',
          message: `${source}: ${operation}: unknown tool`,
          data: { upstream: name, operation, tool: toolName },
        });
      }
      return run(operation, options, (client, requestOptions) =>
        client.request(
          { method: 'tools/call', params: { name: toolName, arguments: args } },
          specResultSchema<CallToolResult>(client, 'tools/call'),
          requestOptions(),
        ),
      );
    },
    readResource(uri, options) {
      return run('resources/read', options, (client, requestOptions) =>
        client.request({ method: 'resources/read', params: { uri } }, requestOptions()),
      );
    },
    getPrompt(promptName, args, options) {
      const params = { name: promptName, ...(args === undefined ? {} : { arguments: args }) };
      return run(`prompts/get ${quoteName(promptName)}`, options, (client, requestOptions) =>
        client.request({ method: 'prompts/get', params }, requestOptions()),
      );
    },
    serverCapabilities: () => lifecycle.described?.capabilities,
    serverInfo: () => lifecycle.described?.info,
    instructions: () => lifecycle.described?.instructions,
    era: () => lifecycle.described?.era,
    onListChanged(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      listeners.clear();
      return lifecycle.close();
    },
  });
  return upstream;
}
