/**
 * MCP Inspector 2 (its CLI, in the 2026-07-28 era) lists, gets, verifies and reads the skills
 * of `x-cash demo` through the Skills extension (SEP-2640): `skills/list`, `skills/get`, the
 * Inspector's own `--verify` conformance and digest checks, and `resources/read` of the
 * `SKILL.md`. A viewer's token sees no skill (the demo's only skill is a write skill).
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedPackage } from '../../src/paths.js';
import {
  type ModernInspector,
  modernInspector,
  startApp,
  writeTokens,
} from './modern-inspector.js';

const CASH = join(linkedPackage('@x/cash-server'), 'dist', 'cli.js');
const SKILL_URI = 'skill://orders/createorderwithcheck/SKILL.md';

/** A handful of Inspector processes (Node 22 each). */
const FLOW_TIMEOUT_MS = 240_000;

let inspector: ModernInspector;
let folder: string;
let stop: (() => Promise<unknown>) | undefined;
let url: URL;
let tokens: string[];

beforeAll(async () => {
  // The first run installs Node 22 and the Inspector from the npm registry (minutes).
  inspector = await modernInspector();
  folder = await mkdtemp(join(tmpdir(), 'x-inspector-skills-'));
  const written = await writeTokens(folder, ['admin', 'viewer']);
  tokens = written.tokens;
  const app = await startApp('x-cash-demo', [CASH, 'demo', '--tokens', written.file]);
  stop = () => app.stop();
  url = app.url;
}, 600_000);

afterAll(async () => {
  await stop?.();
  await inspector?.close();
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

describe("MCP Inspector 2 and x-cash demo's skills", () => {
  it(
    'lists and gets the skill, verifies it with --verify, and reads its SKILL.md',
    async () => {
      const [admin, viewer] = tokens as [string, string];
      const listed = await inspector.call(url, ['--method', 'skills/list'], admin);
      const skills = listed.skills as { uri: string; frontmatter: { name: string } }[];
      expect(skills.map((skill) => [skill.uri, skill.frontmatter.name])).toEqual([
        [SKILL_URI, 'createorderwithcheck'],
      ]);
      const got = await inspector.call(url, ['--method', 'skills/get', '--uri', SKILL_URI], admin);
      expect((got.skill as { uri: string }).uri).toBe(SKILL_URI);
      const reports = await inspector.verifySkills(url, ['--method', 'skills/list'], admin);
      expect(reports.map((report) => [report.uri, report.ok, report.outcome])).toEqual([
        [SKILL_URI, true, 'verified'],
      ]);
      expect(reports[0]?.files.map((file) => file.status)).toEqual(['verified']);
      const read = await inspector.call(
        url,
        ['--method', 'resources/read', '--uri', SKILL_URI],
        admin,
      );
      const [content] = read.contents as { mimeType: string; text: string }[];
      expect(content?.mimeType).toBe('text/markdown');
      expect(content?.text).toContain('Goal: create an order for customer {{customer_id}}');
      const hidden = await inspector.call(url, ['--method', 'skills/list'], viewer);
      expect(hidden.skills).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
