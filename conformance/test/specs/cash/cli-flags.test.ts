import { describe, expect, it } from 'vitest';
import { parseCliArguments } from '../../../src/cli/arguments.js';

describe('the cash flags of x-conformance', () => {
  it('give a --server or --url target its large call and upstream labels', () => {
    const command = parseCliArguments([
      '--url',
      'http://127.0.0.1:9/mcp',
      '--cash-large',
      'everything.echo {"message": "x"}',
      '--cash-upstreams',
      'filesystem,memory,everything',
    ]);
    if (command.kind !== 'run') throw new Error('expected a run');
    expect(command.target?.settings).toEqual({
      cash: {
        largeCall: { namespace: 'everything', function: 'echo', kwargs: { message: 'x' } },
        upstreams: ['filesystem', 'memory', 'everything'],
      },
    });
  });

  it('give an aggregator its probe upstreams, and refuse an empty list', () => {
    const command = parseCliArguments([
      '--server',
      'x',
      '--cash-probe-upstreams',
      ' probea, probeb ',
    ]);
    if (command.kind !== 'run') throw new Error('expected a run');
    expect(command.target?.settings).toEqual({ cash: { probeUpstreams: ['probea', 'probeb'] } });
    expect(() => parseCliArguments(['--server', 'x', '--cash-probe-upstreams', ' , '])).toThrow(
      '--cash-probe-upstreams needs comma-separated labels',
    );
  });

  it('give an aggregator its skill probe upstreams', () => {
    const command = parseCliArguments([
      '--server',
      'x',
      '--cash-skill-probe-upstreams',
      'probeskills',
    ]);
    if (command.kind !== 'run') throw new Error('expected a run');
    expect(command.target?.settings).toEqual({ cash: { skillProbeUpstreams: ['probeskills'] } });
    expect(() => parseCliArguments(['--server', 'x', '--cash-skill-probe-upstreams', ','])).toThrow(
      '--cash-skill-probe-upstreams needs comma-separated labels',
    );
  });

  it('refuse them without a target, and refuse kwargs that are not JSON', () => {
    expect(() => parseCliArguments(['--cash-large', 'orders.list'])).toThrow(
      'the --cash flags need a target',
    );
    expect(() => parseCliArguments(['--server', 'x', '--cash-large', 'orders.list {'])).toThrow(
      /not JSON/,
    );
  });
});
