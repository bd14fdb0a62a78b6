import { describe, expect, it } from 'vitest';
import { formatTargetList, listTargets } from '../../src/report/target-list.js';
import { selectReferenceTargets } from '../../src/targets.js';

describe('--list-targets', () => {
  it('lists every server target before every driver target, with its specs', () => {
    const targets = listTargets();
    const kinds = targets.map((target) => target.kind);
    expect(kinds.indexOf('driver')).toBeGreaterThan(kinds.lastIndexOf('server'));
    expect(targets).toContainEqual({
      name: 'x-pd demo',
      kind: 'server',
      specs: ['mcp-base', 'progressive-disclosure'],
    });
    expect(targets).toContainEqual({ name: 'mcs-cash', kind: 'driver', specs: 'detected' });
  });

  it('prints one aligned line per target, or the same list as JSON', () => {
    const lines = formatTargetList('text').trimEnd().split('\n');
    expect(lines).toHaveLength(listTargets().length);
    expect(lines.find((line) => line.startsWith('memory '))).toMatch(/^memory +server +detected$/);
    expect(JSON.parse(formatTargetList('json'))).toEqual(listTargets());
  });
});

describe('--target names', () => {
  it('matches a hyphen to a space and ignores surrounding blanks', () => {
    const names = selectReferenceTargets([
      'x-pd-demo',
      ' x-gateway-proxy ',
      'x-gateway-controls',
    ]).map((target) => target.name);
    expect(names).toEqual(['x-pd demo', 'x-gateway proxy', 'x-gateway-controls']);
  });
});
