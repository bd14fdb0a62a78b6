/**
 * The Skills extension (SEP-2640) on `x-cash demo` and `x-cash aggregate`: the demo's skill as
 * a `SKILL.md` for the roles that see it, and an aggregate of an SDK v2 upstream that serves
 * skills, plus skills of its own from `--skills`, served at both protocol revisions.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { startSkillsServer, useScratch } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoDatabase, openDemoDatabase } from '../src/demo/database.js';
import { connectDemo, EXAMPLES, startHttp, text } from './helpers.js';

/** Two processes start per test (the app, and the upstream it spawns). */
const STARTUP_TIMEOUT_MS = 90_000;

const scratch = useScratch('x-cash-skills-');
let database: DemoDatabase;

beforeAll(async () => {
  database = openDemoDatabase(undefined);
});

afterAll(async () => {
  database.close();
});

describe('x-cash demo through the Skills extension', () => {
  it('serves orders.createorderwithcheck to the admin, verified, and nothing to the viewer', async () => {
    const { admin, viewer } = await connectDemo(database);
    scratch.cleanups.push(
      () => admin.close(),
      () => viewer.close(),
    );
    const skills = new SkillsClient(admin);
    const { skills: entries } = await skills.list();
    expect(entries.map((entry) => entry.uri)).toEqual([
      'skill://orders/createorderwithcheck/SKILL.md',
    ]);
    const file = await skills.read(entries[0] as (typeof entries)[number]);
    expect(file.verified).toBe(true);
    expect(file.body).toContain('Goal: create an order for customer {{customer_id}}');
    expect((await new SkillsClient(viewer).list()).skills).toEqual([]);
  });
});

describe.each(['legacy', 'modern'] as const)('x-cash aggregate with skills (%s era)', (era) => {
  it(
    "offers the upstream's skills and its own --skills in skill() and in the extension",
    async () => {
      const upstream = await startSkillsServer('stdio');
      const config = join(scratch.folder, `mcp-${era}.json`);
      await writeFile(config, JSON.stringify({ mcpServers: { docs: upstream.entry } }));
      const app = await startHttp([
        'aggregate',
        '--config',
        config,
        '--skills',
        join(EXAMPLES, 'skills'),
      ]);
      scratch.cleanups.push(() => app.stop());
      const client = new Client(
        { name: 'x-cash-skills-test', version: '0.0.0' },
        era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      const transport = new StreamableHTTPClientTransport(app.url);
      await client.connect(transport);
      scratch.cleanups.push(async () => {
        await transport.terminateSession().catch(() => {});
        await client.close();
      });
      const listing = text(await client.callTool({ name: 'skill', arguments: {} }));
      expect(listing).toContain('- **remember_file** —');
      expect(listing).toContain('- **git_workflow** (`docs`) —');
      const skills = new SkillsClient(client);
      const { skills: entries } = await skills.list();
      expect(entries.map((entry) => entry.uri)).toEqual([
        'skill://docs/git-workflow/SKILL.md',
        'skill://docs/pdf-processing/SKILL.md',
        'skill://remember-file/SKILL.md',
      ]);
      for (const entry of entries) expect((await skills.read(entry)).verified).toBe(true);
    },
    STARTUP_TIMEOUT_MS,
  );
});
