import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageBin, referenceTargets } from '../src/index.js';

describe('the reference targets', () => {
  it('resolve their executables from the package, whatever the working directory', () => {
    const bin = packageBin('mcp-server-everything');
    expect(isAbsolute(bin)).toBe(true);
    expect(existsSync(bin)).toBe(true);
    expect(referenceTargets.map((target) => target.name)).toEqual([
      'everything',
      'filesystem',
      'memory',
      'sdk2-modern-only',
      'sdk2-modern-only http',
      'sdk2-legacy-only',
      'sdk2-legacy-only http',
      'sdk2-express http',
      'x-pd demo',
      'x-pd wrap',
      'x-pd demo http',
      'x-context-cache serve',
      'x-gateway gateway',
      'x-gateway proxy',
      'x-gateway-controls',
      'x-gateway probe gateway',
      'x-gateway probe proxy',
      'x-gateway serve oauth',
      'x-cash demo',
      'x-cash aggregate',
      'x-cash aggregate probe',
    ]);
  });

  it('give the filesystem server a temporary directory that lives only for the run', async () => {
    const filesystem = referenceTargets.find((target) => target.name === 'filesystem');
    const setup = await filesystem?.setup();
    if (setup?.transport.kind !== 'stdio') throw new Error('expected a stdio transport');
    const directory = setup.transport.args.at(-1) ?? '';
    expect(existsSync(directory)).toBe(true);
    await setup.cleanup?.();
    expect(existsSync(directory)).toBe(false);
  });
});
