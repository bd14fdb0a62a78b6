import { describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/index.js';
import { gatewaySpec, isGatewaySurface } from '../../../src/specs/gateway/index.js';
import { gatewayTargets } from '../../../src/specs/gateway/targets.js';

describe('the x-gateway reference targets', () => {
  it('pass every gateway and mcp-base requirement in both modes, with the controls on and in front of probe upstreams, and check each gateway MUST in one', async () => {
    // Each target starts two or three upstream servers: allow for a loaded machine.
    const report = await runConformance({ targets: gatewayTargets, timeoutMs: 30_000 });
    expect(report.targets.map((target) => target.target)).toEqual([
      'x-gateway gateway',
      'x-gateway proxy',
      'x-gateway-controls',
      'x-gateway probe gateway',
      'x-gateway probe proxy',
    ]);
    const failed = report.targets.flatMap((target) =>
      target.results
        .filter((result) => result.status === 'fail')
        .map((result) => `${target.target} ${result.id}: ${result.message}`),
    );
    expect(failed).toEqual([]);
    const passed = new Set(
      report.targets.flatMap((target) =>
        target.results.filter((result) => result.status === 'pass').map((result) => result.id),
      ),
    );
    const unchecked = gatewaySpec.requirements
      .filter(
        (requirement) => requirement.unobservable === undefined && !passed.has(requirement.id),
      )
      .map((requirement) => requirement.id);
    expect(unchecked).toEqual([]);
  }, 400_000);

  it('detects a gateway by exactly its three meta-tools (and whole §9.4 pairs) and a proxy by tool_hydrate and tool_execute', () => {
    expect(isGatewaySurface(['tool_view', 'tool_browse', 'tool_execute'])).toBe(true);
    expect(isGatewaySurface(['tool_browse', 'tool_execute', 'tool_view', 'extra'])).toBe(false);
    const withPrimitives = ['tool_browse', 'tool_execute', 'tool_view', 'prompt_get'];
    expect(isGatewaySurface([...withPrimitives, 'prompt_browse'])).toBe(true);
    expect(isGatewaySurface(withPrimitives)).toBe(false);
    expect(
      isGatewaySurface([...withPrimitives, 'prompt_browse', 'resource_read', 'resource_browse']),
    ).toBe(true);
    expect(
      isGatewaySurface(['tool_hydrate', 'tool_execute', 'github__create_issue_1a2b3c4d']),
    ).toBe(true);
    expect(isGatewaySurface(['tool_execute', 'echo'])).toBe(false);
  });
});
