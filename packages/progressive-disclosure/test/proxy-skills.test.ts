/**
 * The proxy passes its upstreams' skills (the Skills extension, SEP-2640) through: an SDK v2
 * upstream serving an SDK catalog, spawned over stdio, behind `createDisclosureProxy` served
 * over Streamable HTTP, checked with the SDK's host-side `SkillsClient` (which verifies every
 * file against its entry) at both protocol revisions.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { serveHttp } from '@x/core/serve';
import { parseMcpServersConfig } from '@x/core/upstreams';
import { startModernOnly, startSkillsServer } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createDisclosureProxy } from '../src/index.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function proxied(
  era: 'legacy' | 'modern',
  prefixTools = true,
  withSkills = true,
): Promise<Client> {
  const upstream = withSkills ? await startSkillsServer('stdio') : await startModernOnly('stdio');
  const config = parseMcpServersConfig({ mcpServers: { docs: upstream.entry } }, 'test');
  const proxy = createDisclosureProxy(config, { prefixTools, upstream: { stderr: 'ignore' } });
  cleanups.push(() => proxy.close());
  const running = await serveHttp(proxy.factory, { port: 0 });
  cleanups.push(() => running.close());
  const client = new Client(
    { name: 'pd-skills-test', version: '0.0.0' },
    era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const transport = new StreamableHTTPClientTransport(running.url);
  await client.connect(transport);
  cleanups.push(async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
  return client;
}

describe.each(['legacy', 'modern'] as const)('skills through the proxy (%s era)', (era) => {
  it("lists, gets, reads and walks the upstream's skills under its namespace, verified", async () => {
    const client = await proxied(era);
    expect(client.getServerCapabilities()?.extensions).toEqual({
      'io.modelcontextprotocol/skills': { directoryRead: true },
    });
    const skills = new SkillsClient(client);
    const { skills: entries } = await skills.list();
    expect(entries.map((entry) => entry.uri)).toEqual([
      'skill://docs/git-workflow/SKILL.md',
      'skill://docs/pdf-processing/SKILL.md',
    ]);
    const { skill } = await skills.get('skill://docs/pdf-processing/SKILL.md');
    expect(skill.frontmatter).toMatchObject({ name: 'pdf-processing', license: 'Apache-2.0' });
    const manifest = await skills.read(skill);
    expect(manifest.verified).toBe(true);
    const forms = await skills.read(skill, 'references/FORMS.md');
    expect(forms.verified).toBe(true);
    expect(forms.text).toContain('Every field is required.');
    const { resources } = await skills.readDirectory('skill://docs/pdf-processing');
    expect(resources.map((child) => [child.name, child.mimeType ?? 'file'])).toEqual([
      ['SKILL.md', 'file'],
      ['references', 'inode/directory'],
      ['scripts', 'inode/directory'],
      ['templates', 'inode/directory'],
    ]);
    await expect(skills.get('skill://docs/nothing/SKILL.md')).rejects.toMatchObject({
      code: -32602,
    });
    // The disclosure layer's own resource still comes first.
    const listed = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(listed[0]).toBe('resource:///tool_descriptions');
    expect(listed).toContain('skill://docs/git-workflow/SKILL.md');
  });

  it('keeps the URIs as the upstream wrote them without prefixTools', async () => {
    const skills = new SkillsClient(await proxied(era, false));
    const { skills: entries } = await skills.list();
    expect(entries.map((entry) => entry.uri)).toEqual([
      'skill://git-workflow/SKILL.md',
      'skill://pdf-processing/SKILL.md',
    ]);
    expect((await skills.read(entries[0] as (typeof entries)[number])).verified).toBe(true);
  });

  it('declares no Skills extension when no upstream serves skills', async () => {
    const client = await proxied(era, true, false);
    expect(client.getServerCapabilities()?.extensions).toBeUndefined();
    expect((await new SkillsClient(client).list()).skills).toEqual([]);
  });
});
