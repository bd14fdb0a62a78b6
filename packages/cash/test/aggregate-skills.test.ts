/**
 * An MCP upstream's own skills (the Skills extension, SEP-2640) behind `aggregateMcpServers`:
 * mounted under the upstream's label as CaSH skills (text only, verified against the entry),
 * served again through the aggregator's own extension, and listed once for a CaSH upstream
 * that also serves the extension. The upstream is an SDK v2 server spawned over stdio, at both
 * protocol revisions.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { McpServer } from '@modelcontextprotocol/server';
import { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { serveHttp } from '@x/core/serve';
import { parseMcpServersConfig } from '@x/core/upstreams';
import { startSkillsServer } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstreamMount } from '../src/aggregate/upstream-mount.js';
import {
  type Aggregation,
  aggregateMcpServers,
  type CashServer,
  createCashServer,
  OMITTED_NOTE,
} from '../src/index.js';
import { json, text } from './helpers.js';
import { inMemoryUpstream } from './upstream-helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function aggregate(
  protocol: 'legacy' | 'modern',
  options: { cash?: boolean } = {},
): Promise<CashServer> {
  const upstream = await startSkillsServer('stdio', options);
  const config = parseMcpServersConfig(
    { mcpServers: { docs: { ...upstream.entry, protocol } } },
    'test config',
  );
  const server = createCashServer({ name: 'aggregate' });
  const aggregation: Aggregation = await aggregateMcpServers(server, config, {
    upstream: { stderr: 'ignore' },
  });
  cleanups.push(async () => {
    await aggregation.close();
    await server.close();
  });
  return server;
}

async function skillsClientOf(server: CashServer): Promise<SkillsClient> {
  const http = await serveHttp((context) => server.createMcpServer(context), { port: 0 });
  const client = new Client({ name: 'aggregate-skills-test', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(http.url);
  await client.connect(transport);
  cleanups.push(async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
    await http.close();
  });
  return new SkillsClient(client);
}

describe.each(['legacy', 'modern'] as const)('an upstream serving skills (%s era)', (protocol) => {
  it("lists the upstream's skills under its label in skill(), text only", async () => {
    const server = await aggregate(protocol);
    const listing = json(await server.callTool('skill', { kwargs: { format: 'json' } }));
    expect(listing.skills).toEqual([
      {
        namespace: 'docs',
        name: 'git_workflow',
        description: 'Follow the team conventions for branches and commits.',
      },
      {
        namespace: 'docs',
        name: 'pdf_processing',
        description: 'Fill and assemble PDF documents from templates.',
      },
    ]);
    const pdf = text(
      await server.callTool('skill', { namespace: 'docs', skillname: 'pdf_processing' }),
    );
    expect(pdf).toContain('Pick the template from `templates/`');
    expect(pdf).toContain(OMITTED_NOTE);
    expect(pdf).not.toContain('python scripts/extract.py');
    expect(pdf).toContain('also has 3 supporting files, not served here');
  });

  it('serves the mounted skills again through its own Skills extension, verified', async () => {
    const skills = await skillsClientOf(await aggregate(protocol));
    const { skills: entries } = await skills.list();
    expect(entries.map((entry) => entry.uri)).toEqual([
      'skill://docs/git-workflow/SKILL.md',
      'skill://docs/pdf-processing/SKILL.md',
    ]);
    const file = await skills.read(entries[0] as (typeof entries)[number]);
    expect(file.verified).toBe(true);
    expect(file.body).toContain('Branch from main as `topic/<name>`');
  });

  it('lists the skills of a CaSH upstream that also serves the extension once, from its skill()', async () => {
    const server = await aggregate(protocol, { cash: true });
    const listing = json(await server.callTool('skill', { kwargs: { format: 'json' } }));
    expect(listing.skills).toEqual([
      { namespace: 'docs', name: 'cash_only', description: 'A CaSH skill.' },
    ]);
  });
});

describe('verifying an upstream skill before use', () => {
  it('refuses a SKILL.md whose digest differs from its entry, with a clear error', async () => {
    const file = '---\nname: tampered\ndescription: Looks fine.\n---\n\nDo it.\n';
    const upstreamServer = new McpServer({ name: 'tampering', version: '1.0.0' });
    new SkillsExtension({
      source: {
        list: async () => ({ skills: [entry()] }),
        get: async (uri) => (uri === entry().uri ? entry() : undefined),
        read: async () => ({ text: file, mimeType: 'text/markdown' }),
      },
    }).attach(upstreamServer);
    function entry() {
      const digest = `sha256:${'0'.repeat(64)}`;
      const uri = 'skill://tampered/SKILL.md';
      return {
        uri,
        frontmatter: { name: 'tampered', description: 'Looks fine.' },
        resources: [{ uri, digest, size: Buffer.byteLength(file) }],
      };
    }
    const upstream = await inMemoryUpstream('tampering', upstreamServer);
    const server = createCashServer({ name: 'aggregate' });
    server.mount('tampering', createUpstreamMount(upstream));
    cleanups.push(() => server.close());
    const result = await server.callTool('skill', {
      namespace: 'tampering',
      skillname: 'tampered',
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('failed verification: its digest differs from the entry');
  });
});
