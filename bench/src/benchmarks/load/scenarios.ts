/**
 * What the load benchmark asks of each HTTP app: x-gateway (browse, execute,
 * view), x-cash (help and call) and x-pd wrap (description reads and calls),
 * each in front of one `x-catalog-server` whose echo tool returns the
 * request's nonce.
 *
 * @module
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import type { LoadCall, LoadScenario } from './drive.js';

/** The catalog of the upstream: `echo_job` echoes its arguments. */
const CATALOG = [
  {
    name: 'echo_job',
    description: 'Runs a numbered echo job and reports its nonce and number.',
    inputSchema: {
      type: 'object',
      properties: { nonce: { type: 'string' }, n: { type: 'integer' } },
      required: ['nonce'],
    },
  },
  {
    name: 'list_queues',
    description: 'Lists the job queues.',
    inputSchema: { type: 'object', properties: {} },
  },
];

/** One app under load. */
export interface LoadApp {
  /** Its name in the tables. */
  readonly name: string;
  /** The calls it makes, in the order of the mix. */
  readonly mix: string;
  /** The built CLI, relative to the repository root. */
  readonly cli: string;
  /** Its arguments (before `--http`), given the mcpServers file. */
  args(config: string): string[];
  /** Extra arguments of an instance sharing state through Redis. */
  sharedArgs(redisUrl: string, folder: string): string[];
  /** The workload. */
  readonly scenario: LoadScenario;
}

/** Writes the catalog and an mcpServers file running it with `x-catalog-server`. */
export async function writeLoadConfig(folder: string, catalogServer: string): Promise<string> {
  const catalog = join(folder, 'catalog.json');
  await writeFile(catalog, JSON.stringify(CATALOG));
  const config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        jobs: { command: process.execPath, args: [catalogServer, '--catalog', catalog] },
      },
    }),
  );
  return config;
}

const structured = (response: unknown) =>
  (response as { structuredContent?: Record<string, unknown> }).structuredContent;

const gateway: LoadScenario = {
  async setup(client: Client) {
    const browse = await client.callTool({
      name: 'tool_browse',
      arguments: { query: 'echo job nonce', top_k: 1 },
    });
    const toolId = (structured(browse) as { cards: { id: string }[] }).cards[0]?.id as string;
    const large = await client.callTool({
      name: 'tool_execute',
      arguments: { tool_id: toolId, args: { nonce: 'setup', __x_behaviour: 'large' } },
    });
    const envelope = structured(large) as { artifacts: { handle: string }[] };
    return { toolId, handle: envelope.artifacts[0]?.handle as string };
  },
  call(state, _session, index, nonce): LoadCall {
    const { toolId, handle } = state as { toolId: string; handle: string };
    if (index % 4 === 0) {
      return {
        kind: 'browse',
        run: (client) =>
          client.callTool({ name: 'tool_browse', arguments: { query: 'echo job', top_k: 2 } }),
      };
    }
    if (index % 4 === 3) {
      return {
        kind: 'view',
        run: (client) =>
          client.callTool({ name: 'tool_view', arguments: { handle, selector: 'head:2' } }),
        accept: (response) => structured(response)?.handle === handle,
      };
    }
    return {
      kind: 'execute',
      nonce,
      run: (client) =>
        client.callTool({
          name: 'tool_execute',
          arguments: { tool_id: toolId, args: { nonce, n: index } },
        }),
    };
  },
};

const cash: LoadScenario = {
  async setup() {
    return undefined;
  },
  call(_state, _session, index, nonce): LoadCall {
    if (index % 4 === 0) {
      return {
        kind: 'help',
        run: (client) => client.callTool({ name: 'help', arguments: { namespace: 'jobs' } }),
        accept: (response) => JSON.stringify(response).includes('echo_job'),
      };
    }
    return {
      kind: 'call',
      nonce,
      run: (client) =>
        client.callTool({
          name: 'call',
          arguments: { namespace: 'jobs', function: 'echo_job', kwargs: { nonce, n: index } },
        }),
    };
  },
};

const DESCRIPTIONS = 'resource:///tool_descriptions?tools=jobs__echo_job';

const disclosure: LoadScenario = {
  async setup(client: Client) {
    await client.readResource({ uri: DESCRIPTIONS });
    return undefined;
  },
  call(_state, _session, index, nonce): LoadCall {
    if (index % 5 === 0) {
      return {
        kind: 'describe',
        run: (client) => client.readResource({ uri: DESCRIPTIONS }),
        accept: (response) => JSON.stringify(response).includes('echo_job'),
      };
    }
    return {
      kind: 'call',
      nonce,
      run: (client) => client.callTool({ name: 'jobs__echo_job', arguments: { nonce, n: index } }),
    };
  },
};

/** The apps, in table order. */
export const LOAD_APPS: readonly LoadApp[] = [
  {
    name: 'x-gateway',
    mix: 'browse 1/4, execute 1/2, view 1/4',
    cli: 'apps/gateway/dist/cli.js',
    args: (config) => ['serve', '--config', config, '--quiet'],
    sharedArgs: (redisUrl, folder) => [
      '--session-store',
      redisUrl,
      '--artifact-dir',
      join(folder, 'artifacts'),
    ],
    scenario: gateway,
  },
  {
    name: 'x-cash',
    mix: 'help 1/4, call 3/4',
    cli: 'apps/cash-server/dist/cli.js',
    args: (config) => ['aggregate', '--config', config],
    sharedArgs: (redisUrl) => ['--session-store', redisUrl],
    scenario: cash,
  },
  {
    name: 'x-pd wrap',
    mix: 'description read 1/5, call 4/5',
    cli: 'apps/pd-server/dist/cli.js',
    args: (config) => ['wrap', '--config', config],
    sharedArgs: (redisUrl) => ['--session-store', redisUrl],
    scenario: disclosure,
  },
];
