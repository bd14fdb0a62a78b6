import { describe, expect, it } from 'vitest';
import { requiredScenarios } from '../../src/official/required-scenarios.js';

describe('requiredScenarios', () => {
  it('always requires initialize, ping and DNS-rebinding protection', () => {
    expect(requiredScenarios({})).toEqual([
      'dns-rebinding-protection',
      'ping',
      'server-initialize',
    ]);
  });

  it('adds the listing scenario of each declared capability, sorted', () => {
    expect(requiredScenarios({ tools: {}, resources: {}, prompts: {}, logging: {} })).toEqual([
      'dns-rebinding-protection',
      'logging-set-level',
      'ping',
      'prompts-list',
      'resources-list',
      'server-initialize',
      'tools-list',
    ]);
  });
});
