import { describe, expect, it } from 'vitest';
import { extensionScenarios, requiredScenarios } from '../../src/official/required-scenarios.js';

describe('requiredScenarios', () => {
  it('always requires initialize, ping and DNS-rebinding protection at 2025-11-25', () => {
    expect(requiredScenarios({}, '2025-11-25')).toEqual([
      'dns-rebinding-protection',
      'ping',
      'server-initialize',
    ]);
  });

  it('always requires stateless serving, caching hints and header checks at 2026-07-28', () => {
    expect(requiredScenarios({}, '2026-07-28')).toEqual([
      'caching',
      'dns-rebinding-protection',
      'http-header-validation',
      'server-stateless',
    ]);
  });

  it('adds the listing scenario of each declared capability the revision has, sorted', () => {
    const all = { tools: {}, resources: {}, prompts: {}, logging: {} };
    expect(requiredScenarios(all, '2025-11-25')).toEqual([
      'dns-rebinding-protection',
      'logging-set-level',
      'ping',
      'prompts-list',
      'resources-list',
      'server-initialize',
      'tools-list',
    ]);
    expect(requiredScenarios(all, '2026-07-28')).toEqual([
      'caching',
      'dns-rebinding-protection',
      'http-header-validation',
      'prompts-list',
      'resources-list',
      'server-stateless',
      'tools-list',
    ]);
  });

  it('adds the SEP-2640 scenarios of a server declaring the Skills extension, and only then', () => {
    const skills = { extensions: { 'io.modelcontextprotocol/skills': {} } };
    expect(extensionScenarios(skills)).toEqual([
      'sep-2640-skills-directory',
      'sep-2640-skills-enumeration',
      'sep-2640-skills-manifest',
    ]);
    expect(requiredScenarios(skills, '2025-11-25')).toContain('sep-2640-skills-enumeration');
    expect(extensionScenarios({ extensions: { 'com.example/other': {} } })).toEqual([]);
    expect(extensionScenarios({})).toEqual([]);
  });
});
