/**
 * An upstream's skills (the MCP Skills extension, SEP-2640) through the gateway's primitives:
 * an SDK v2 server serving an SDK catalog, spawned over stdio at either protocol revision, has
 * each skill file as a resource with a §9 id, browsable and read through the firewall.
 */
import type { Client } from '@modelcontextprotocol/client';
import { createUpstreamPool, parseMcpServersConfig, type UpstreamPool } from '@x/core/upstreams';
import { createTestPair, startSkillsServer, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChoiceCard } from '../../src/cards/choice-card.js';
import type { ResultEnvelope } from '../../src/firewall/result-envelope.js';
import {
  createPrimitiveRuntime,
  type PrimitiveRuntime,
  primitiveUpstreamsFromPool,
} from '../../src/primitives/primitive-runtime.js';
import { skillResources } from '../../src/primitives/skill-resources.js';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { upstreamsFromPool } from '../../src/server/upstream.js';
import { structured } from '../helpers.js';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gateway(protocol: 'legacy' | 'modern'): Promise<{
  client: Client;
  primitives: PrimitiveRuntime;
}> {
  const { entry } = await startSkillsServer('stdio');
  const pool: UpstreamPool = createUpstreamPool(
    parseMcpServersConfig({ mcpServers: { docs: { ...entry, protocol } } }, 'test'),
    { clientInfo: { name: 'gateway-test', version: '0.0.0' }, stderr: 'ignore' },
  );
  cleanups.push(() => pool.close());
  const runtime: GatewayRuntime = await createGatewayRuntime({
    upstreams: upstreamsFromPool(pool),
  });
  cleanups.push(() => runtime.close());
  const primitives = await createPrimitiveRuntime({ upstreams: primitiveUpstreamsFromPool(pool) });
  cleanups.push(() => primitives.close());
  const pair: TestPair = await createTestPair(
    createGatewayServer(runtime, { primitives, firewall: { maxInlineTokens: 20 } }),
  );
  cleanups.push(() => pair.close());
  return { client: pair.client, primitives };
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  return structured(await client.callTool({ name, arguments: args }));
}

describe.each(['legacy', 'modern'] as const)(
  'skills through the primitives (%s era)',
  (protocol) => {
    it('gives every skill file a resource id, browses the skills and reads one through the firewall', async () => {
      const { client, primitives } = await gateway(protocol);
      expect(primitives.lastRefresh).toMatchObject({ failed: [] });
      expect(primitives.catalog.count('resource')).toBe(5);
      const browsed = await call(client, 'resource_browse', {
        query: 'skill pdf templates',
        top_k: 3,
      });
      const cards = browsed.cards as ChoiceCard[];
      const pdf = cards.find((card) => card.name === 'pdf-processing');
      expect(pdf?.id).toMatch(/^resource::docs:[A-Za-z_][A-Za-z0-9_.-]*#[0-9a-f]{8}$/);
      expect(pdf?.kind).toBe('resource');
      const envelope = (await call(client, 'resource_read', {
        resource_id: pdf?.id,
      })) as unknown as ResultEnvelope;
      expect(envelope.status).toBe('ok');
      expect(envelope.provenance).toMatchObject({
        upstream_name: 'skill://pdf-processing/SKILL.md',
        firewall: 'artifact',
      });
      const handle = envelope.artifacts[0]?.handle as string;
      const view = await client.callTool({
        name: 'tool_view',
        arguments: { handle, selector: 'head:3' },
      });
      expect(JSON.stringify(view.content)).toContain('name: pdf-processing');
      const all = await call(client, 'resource_browse', { path: '/docs' });
      expect((all.cards as ChoiceCard[]).map((card) => card.name).sort()).toEqual([
        'git-workflow',
        'pdf-processing',
        'pdf-processing/references/FORMS.md',
        'pdf-processing/scripts/extract.py',
        'pdf-processing/templates/invoice.md',
      ]);
    });
  },
);

describe('skill files as resources', () => {
  it('names SKILL.md by the skill and its files by their path, and lists a dynamic skill alone', () => {
    const digest = `sha256:${'0'.repeat(64)}`;
    expect(
      skillResources([
        {
          uri: 'skill://b/SKILL.md',
          frontmatter: { name: 'b', description: 'Bee.' },
          resources: [
            { uri: 'skill://b/SKILL.md', digest, size: 3 },
            { uri: 'skill://b/refs/x.md', digest, size: 4 },
          ],
        },
        {
          uri: 'skill://a/SKILL.md',
          frontmatter: { name: 'a', description: 'A.' },
          resources: 'dynamic',
        },
      ]),
    ).toEqual([
      { uri: 'skill://a/SKILL.md', name: 'a', description: 'Skill: A.', mimeType: 'text/markdown' },
      {
        uri: 'skill://b/SKILL.md',
        name: 'b',
        description: 'Skill: Bee.',
        mimeType: 'text/markdown',
      },
      {
        uri: 'skill://b/refs/x.md',
        name: 'b/refs/x.md',
        description: 'File refs/x.md of the skill b.',
        size: 4,
      },
    ]);
  });
});
