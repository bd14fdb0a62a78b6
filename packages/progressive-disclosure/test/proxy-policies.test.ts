/**
 * Per-caller tool policies on the proxy (issue 33) beyond tools: a role that may not see a
 * server gets none of its skills (Skills extension), skill resources or group, in both eras;
 * another role gets them all.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { createPolicyEngine } from '@x/core/policy';
import { serveHttp } from '@x/core/serve';
import { parseMcpServersConfig } from '@x/core/upstreams';
import { startModernOnly, startSkillsServer } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDisclosureProxy } from '../src/index.js';

const GROUPS = 'io.modelcontextprotocol/groups';
const AnyResult = z.looseObject({});
const TOKENS = { 'limited-token-0123456789': 'limited', 'open-token-0123456789ab': 'open' };

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(): Promise<URL> {
  const docs = await startSkillsServer('stdio');
  const modern = await startModernOnly('stdio');
  const config = parseMcpServersConfig(
    {
      mcpServers: { docs: docs.entry, 'Modern.Only': modern.entry },
      policies: { roles: { limited: { deny: ['docs'] } } },
    },
    'test',
  );
  const proxy = createDisclosureProxy(config, {
    groups: true,
    policies: createPolicyEngine(config.policies),
    upstream: { stderr: 'ignore' },
  });
  cleanups.push(() => proxy.close());
  const running = await serveHttp(proxy.factory, { port: 0, tokens: TOKENS });
  cleanups.push(() => running.close());
  return running.url;
}

async function connect(url: URL, era: 'legacy' | 'modern', token: string): Promise<Client> {
  const client = new Client(
    { name: 'pd-policies-test', version: '0.0.0' },
    {
      capabilities: { extensions: { [GROUPS]: {} } },
      ...(era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
    },
  );
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  cleanups.push(async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
  return client;
}

/** What a caller sees of skills, skill resources and groups. */
async function seen(client: Client) {
  const skills = new SkillsClient(client);
  const groups = await client.request({ method: 'groups/list', params: {} }, AnyResult);
  const resources = (await client.listResources()).resources.map((resource) => resource.uri);
  return {
    skills: (await skills.list()).skills.map((entry) => entry.uri),
    groups: (groups.groups as { name: string }[]).map((group) => group.name),
    skillResources: resources.filter((uri) => uri.startsWith('skill://')),
  };
}

describe.each(['legacy', 'modern'] as const)('policies on the proxy (%s era)', (era) => {
  it("hides a denied server's skills and group, and answers its skill as unknown", async () => {
    const url = await start();
    const limited = await connect(url, era, 'limited-token-0123456789');
    const open = await connect(url, era, 'open-token-0123456789ab');
    expect(await seen(limited)).toEqual({
      skills: [],
      groups: ['modern-only'],
      skillResources: [],
    });
    expect(await seen(open)).toEqual({
      skills: ['skill://docs/git-workflow/SKILL.md', 'skill://docs/pdf-processing/SKILL.md'],
      groups: ['docs', 'modern-only'],
      skillResources: expect.arrayContaining(['skill://docs/git-workflow/SKILL.md']),
    });
    const unknown = (client: Client, uri: string) =>
      new SkillsClient(client).get(uri).then(
        () => 'found',
        (error: { code?: unknown; message?: string }) =>
          JSON.stringify({ code: error.code, message: error.message?.replaceAll(uri, '<uri>') }),
      );
    expect(await unknown(limited, 'skill://docs/pdf-processing/SKILL.md')).toBe(
      await unknown(limited, 'skill://docs/nothing/SKILL.md'),
    );
    expect(await unknown(open, 'skill://docs/pdf-processing/SKILL.md')).toBe('found');
  });
});
