import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../../../src/cli/arguments.js';

const URL_FLAGS = ['--url', 'http://127.0.0.1:3000/mcp'];

describe('--gateway-probe-upstreams', () => {
  it('alone gives the probe settings of the first probe upstream echo', () => {
    const command = parseCliArguments([...URL_FLAGS, '--gateway-probe-upstreams', 'probea,probeb']);
    if (command.kind !== 'run' || command.target === undefined) throw new Error('expected a run');
    expect(command.target.settings?.gateway).toMatchObject({
      tool: 'probea:probe_echo',
      largeArgs: { text: expect.stringMatching(/^word0 word1 /) },
      invalidArgs: { text: 42 },
      probeUpstreams: ['probea', 'probeb'],
    });
  });

  it('joins the three --gateway flags when they are given', () => {
    const command = parseCliArguments([
      ...URL_FLAGS,
      '--gateway-tool',
      'a:b',
      '--gateway-large-args',
      '{"x": 1}',
      '--gateway-invalid-args',
      '{}',
      '--gateway-probe-upstreams',
      'probe',
    ]);
    if (command.kind !== 'run' || command.target === undefined) throw new Error('expected a run');
    expect(command.target.settings).toEqual({
      gateway: { tool: 'a:b', largeArgs: { x: 1 }, invalidArgs: {}, probeUpstreams: ['probe'] },
    });
  });

  it('refuses an empty list, and a list without a target', () => {
    expect(() => parseCliArguments([...URL_FLAGS, '--gateway-probe-upstreams', ','])).toThrow(
      '--gateway-probe-upstreams needs namespaces',
    );
    expect(() => parseCliArguments(['--gateway-probe-upstreams', 'probe'])).toThrow(
      'the --gateway flags need --server or --url',
    );
  });
});

describe('--coverage', () => {
  it('prints text (Markdown) or JSON, never JUnit', () => {
    expect(parseCliArguments(['--coverage'])).toEqual({ kind: 'coverage', format: 'text' });
    expect(parseCliArguments(['--coverage', '--format', 'json'])).toEqual({
      kind: 'coverage',
      format: 'json',
    });
    expect(() => parseCliArguments(['--coverage', '--format', 'junit'])).toThrow(
      '--coverage prints text or json',
    );
  });
});
