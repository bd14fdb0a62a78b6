/**
 * The Skills extension (SEP-2640) on any CaSH server: the builder's skills through
 * `skills/list`, `skills/get` and `resources/read`, checked by the SDK's own host-side client
 * (`SkillsClient` verifies every file against its entry), at both protocol revisions.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { serveHttp } from '@x/core/serve';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CashServer, createCashServer, type VisibilityHook } from '../src/index.js';
import { skillNameOf, skillUriOf } from '../src/skills/skill-document.js';
import { text } from './helpers.js';

const ORDER_TEXT = 'Check stock, then create the order for {{customer_id}}.';

function shop(visibility?: VisibilityHook): CashServer {
  const server = createCashServer({ name: 'shop', ...(visibility ? { visibility } : {}) });
  server.skill('welcome', { description: 'Start here.', text: 'Call `help()` first.' });
  server
    .namespace('Order_Mgmt', { description: 'Orders.' })
    .skill('create_order', { description: 'Create an order.', tags: ['write'], text: ORDER_TEXT });
  return server;
}

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

/** Serves `cash` over Streamable HTTP on 127.0.0.1 and connects a client of `revision`. */
async function connect(cash: CashServer, revision: 'legacy' | 'modern'): Promise<Client> {
  const http = await serveHttp((context) => cash.createMcpServer(context), { port: 0 });
  opened.push(http);
  const client = new Client(
    { name: 'skills-test', version: '0.0.0' },
    revision === 'legacy' ? {} : { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const transport = new StreamableHTTPClientTransport(http.url);
  await client.connect(transport);
  opened.push({
    close: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  });
  return client;
}

describe.each(['legacy', 'modern'] as const)(
  'the Skills extension of a CaSH server (%s era)',
  (revision) => {
    it('declares the extension without directoryRead, next to the three tools', async () => {
      const client = await connect(shop(), revision);
      expect(client.getServerCapabilities()?.extensions).toEqual({
        'io.modelcontextprotocol/skills': {},
      });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'call',
        'help',
        'skill',
      ]);
    });

    it("lists every skill under its namespace's canonical path, and reads each back verified", async () => {
      const client = await connect(shop(), revision);
      const skills = new SkillsClient(client);
      expect(skills.supported).toBe(true);
      const listing = await skills.list();
      expect(listing.skills.map((skill) => skill.uri)).toEqual([
        'skill://ordermgmt/create-order/SKILL.md',
        'skill://welcome/SKILL.md',
      ]);
      const order = listing.skills[0];
      expect(order?.frontmatter).toEqual({
        name: 'create-order',
        description: 'Create an order.',
        metadata: { inputs: 'customer_id' },
      });
      if (order === undefined) throw new Error('no skill listed');
      const file = await skills.read(order);
      expect(file.verified).toBe(true);
      expect(file.body).toContain(ORDER_TEXT);
      expect(file.body).toContain(
        'skill(namespace="Order_Mgmt", skillname="create_order", kwargs={...})',
      );
      if (revision === 'modern') {
        expect(listing).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
      }
    });

    it('serves the same text as skill(): placeholders as written, filled only by skill() kwargs', async () => {
      const server = shop();
      const client = await connect(server, revision);
      const skills = new SkillsClient(client);
      const { skill } = await skills.get('skill://ordermgmt/create-order/SKILL.md');
      const file = await skills.read(skill);
      const fromTool = text(
        await server.callTool('skill', { namespace: 'Order_Mgmt', skillname: 'create_order' }),
      );
      expect(fromTool).toContain(ORDER_TEXT);
      expect(file.body).toContain(ORDER_TEXT);
      const filled = text(
        await server.callTool('skill', {
          namespace: 'ordermgmt',
          skillname: 'createorder',
          kwargs: { customerId: 'c-7' },
        }),
      );
      expect(filled).toContain('create the order for c-7.');
    });

    it('lists the SKILL.md files in resources/list with the frontmatter name and description', async () => {
      const client = await connect(shop(), revision);
      const { resources } = await client.listResources();
      expect(resources.filter((resource) => resource.uri.startsWith('skill://'))).toEqual([
        {
          uri: 'skill://ordermgmt/create-order/SKILL.md',
          name: 'create-order',
          description: 'Create an order.',
          mimeType: 'text/markdown',
        },
        {
          uri: 'skill://welcome/SKILL.md',
          name: 'welcome',
          description: 'Start here.',
          mimeType: 'text/markdown',
        },
      ]);
    });

    it('hides what the visibility hook hides, and answers it like an unknown skill', async () => {
      const readOnly: VisibilityHook = (target) =>
        target.kind !== 'skill' || !target.tags.includes('write');
      const client = await connect(shop(readOnly), revision);
      const skills = new SkillsClient(client);
      expect((await skills.list()).skills.map((skill) => skill.uri)).toEqual([
        'skill://welcome/SKILL.md',
      ]);
      const hidden = 'skill://ordermgmt/create-order/SKILL.md';
      await expect(skills.get(hidden)).rejects.toMatchObject({ code: -32602 });
      await expect(client.readResource({ uri: hidden })).rejects.toThrow(/not found/i);
      await expect(skills.get('skill://nothing/SKILL.md')).rejects.toMatchObject({ code: -32602 });
    });
  },
);

describe('hostile input to the Skills extension', () => {
  it('answers odd, huge and path-climbing URIs as unknown skills, never with a crash', async () => {
    const client = await connect(shop(), 'modern');
    const skills = new SkillsClient(client);
    const rawGet = (uri: unknown) =>
      client.request({ method: 'skills/get', params: { uri } } as never, z.looseObject({}));
    for (const uri of [
      'not a uri',
      `skill://${'a'.repeat(100_000)}/SKILL.md`,
      'skill://../../etc/passwd/SKILL.md',
      'skill://welcome/SKILL.md?x=1',
    ]) {
      await expect(rawGet(uri)).rejects.toMatchObject({ code: -32602 });
      await expect(client.readResource({ uri })).rejects.toThrow();
    }
    // A `..` that stays inside the namespace: skills/get takes only the entry's own spelling,
    // resources/read resolves it as a URL (to the same file, nothing outside).
    const dotted = 'skill://ordermgmt/create-order/../create-order/SKILL.md';
    await expect(rawGet(dotted)).rejects.toMatchObject({ code: -32602 });
    const read = await client.readResource({ uri: dotted });
    expect(read.contents[0]?.uri).toBe('skill://ordermgmt/create-order/SKILL.md');
    await expect(rawGet(42)).rejects.toMatchObject({ code: -32602 });
    expect((await skills.list()).skills).toHaveLength(2);
  });
});

describe('skill names and URIs from CaSH labels', () => {
  it('turns underscores into hyphens and lowercases, and refuses a label of underscores only', () => {
    expect(skillNameOf('create_order')).toBe('create-order');
    expect(skillNameOf('CreateOrder__Now_')).toBe('createorder-now');
    expect(skillNameOf('___')).toBeUndefined();
    expect(skillUriOf('orders.Retail_EU', 'check')).toBe('skill://orders/retaileu/check/SKILL.md');
    expect(skillUriOf('', 'check')).toBe('skill://check/SKILL.md');
  });
});
