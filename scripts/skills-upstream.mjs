/**
 * The skills-serving upstream of ./skills-server.mjs for the tests of every consumer of
 * `@x/core/upstreams` (CaSH aggregator, gateway, progressive-disclosure proxy): its stdio
 * command line, and a way to start it over Streamable HTTP.
 */

import { fileURLToPath } from 'node:url';
import { startHttpFixture } from './modern-only-upstream.mjs';

/** Absolute path of the fixture server. */
export const SKILLS_SERVER = fileURLToPath(new URL('./skills-server.mjs', import.meta.url));

/** The `SKILL.md` URIs the fixture serves, sorted. */
export const SKILL_URIS = ['skill://git-workflow/SKILL.md', 'skill://pdf-processing/SKILL.md'];

/**
 * The fixture as an `mcpServers` entry: over stdio a command line with this very node binary,
 * over HTTP a running server's URL (stop it with `close`). `cash` adds the CaSH tools.
 */
export async function startSkillsServer(transport, options = {}) {
  const extra = options.cash === true ? ['cash'] : [];
  if (transport === 'stdio') {
    return {
      entry: { type: 'stdio', command: process.execPath, args: [SKILLS_SERVER, ...extra] },
      close: async () => {},
    };
  }
  const server = await startHttpFixture(SKILLS_SERVER, ['http', ...extra]);
  return { entry: { type: 'http', url: server.url.href }, close: server.close };
}
