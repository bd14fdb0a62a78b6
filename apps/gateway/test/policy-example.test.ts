/** `examples/mcp-policies.json` and its tokens file, as the README's "Policies" section uses them. */
import { fileURLToPath } from 'node:url';
import { createPolicyEngine } from '@x/core/policy';
import { readTokensFile } from '@x/core/serve';
import { loadMcpServersConfig } from '@x/core/upstreams';
import { describe, expect, it } from 'vitest';

const example = (name: string) => fileURLToPath(new URL(`../examples/${name}`, import.meta.url));

describe('the policies example', () => {
  it('gives the reader three filesystem tools and echo, the admin everything, others nothing', async () => {
    const config = await loadMcpServersConfig(example('mcp-policies.json'));
    const tokens = await readTokensFile(example('tokens.example.json'));
    expect(Object.values(tokens).sort()).toEqual(['admin', 'reader']);
    const engine = createPolicyEngine(config.policies);
    const reader = engine.forRole('reader');
    expect(reader.allowsTool('filesystem', 'read_text_file')).toBe(true);
    expect(reader.allowsTool('filesystem', 'list_directory')).toBe(true);
    expect(reader.allowsTool('filesystem', 'list_allowed_directories')).toBe(false);
    expect(reader.allowsTool('filesystem', 'write_file')).toBe(false);
    expect(reader.allowsTool('everything', 'echo')).toBe(true);
    expect(() => reader.checkArguments('everything', 'echo', { message: 'ping' })).not.toThrow();
    expect(() => reader.checkArguments('everything', 'echo', { message: 'other' })).toThrow(
      'argument "message" must be one of "hello", "ping"',
    );
    expect(engine.forRole('admin').allowsTool('filesystem', 'write_file')).toBe(true);
    expect(engine.forRole('guest').allowsServer('everything')).toBe(false);
    expect(engine.forRole(undefined).allowsServer('filesystem')).toBe(false);
  });
});
