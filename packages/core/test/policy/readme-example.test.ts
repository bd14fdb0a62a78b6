import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createPolicyEngine } from '../../src/policy/index.js';
import { parseMcpServersConfig } from '../../src/upstreams/index.js';

/** The first JSON block of the README's "Policies" section. */
async function readmeExample(): Promise<unknown> {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## Policies'));
  const block = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (block === undefined) throw new Error('the Policies section has no JSON example');
  return JSON.parse(block);
}

describe('the README policies example', () => {
  it('is a valid configuration that means what the README says', async () => {
    const config = parseMcpServersConfig(await readmeExample(), 'README.md');
    const engine = createPolicyEngine(config.policies);
    const reader = engine.forRole('reader');
    expect(reader.allowsTool('fs', 'read_text_file')).toBe(true);
    expect(reader.allowsTool('fs', 'write_file')).toBe(false);
    expect(reader.allowsTool('fs', 'read_media_file')).toBe(false);
    expect(reader.allowsServer('mail')).toBe(false);
    expect(() => reader.checkArguments('fs', 'read_text_file', { path: '/etc/passwd' })).toThrow(
      'argument "path" must be a path under "/srv/shared/docs"',
    );
    const ops = engine.forRole('ops');
    expect(ops.allowsTool('mail', 'delete_thread')).toBe(false);
    expect(ops.allowsTool('mail', 'send')).toBe(true);
    expect(engine.forRole('guest').allowsTool('fs', 'read_text_file')).toBe(false);
    expect(engine.forRole(undefined).allowsServer('fs')).toBe(false);
  });
});
