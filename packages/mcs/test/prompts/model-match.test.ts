import { describe, expect, it } from 'vitest';
import { matchesModelPattern, parseDriverMeta, supportsModel } from '../../src/index.js';

describe('matchesModelPattern', () => {
  it('treats * as a wildcard and ignores case', () => {
    expect(matchesModelPattern('*', 'anything')).toBe(true);
    expect(matchesModelPattern('gpt-*', 'GPT-4o')).toBe(true);
    expect(matchesModelPattern('gpt-*', 'chatgpt-4o')).toBe(false);
    expect(matchesModelPattern('gpt-4o', 'gpt-4o-mini')).toBe(false);
  });

  it('also tries the last segment of provider-qualified names', () => {
    expect(matchesModelPattern('claude*', 'anthropic/claude-sonnet-4')).toBe(true);
    expect(matchesModelPattern('llama*', 'meta-llama/Llama-3.1-8B-Instruct')).toBe(true);
    expect(matchesModelPattern('gpt-*', 'azure:gpt-4o')).toBe(true);
    expect(matchesModelPattern('llama*', 'llama3.1:8b')).toBe(true);
  });

  it('escapes every other regular-expression character', () => {
    expect(matchesModelPattern('o1.mini', 'o1xmini')).toBe(false);
    expect(matchesModelPattern('a+b', 'a+b')).toBe(true);
  });
});

describe('supportsModel', () => {
  const meta = (target_llms: string[]) =>
    parseDriverMeta({
      id: '3f0c2a9e-6d4b-4c1e-9a7f-2b8d5e1c4a60',
      protocol: 'p',
      transport: 't',
      spec_format: 's',
      target_llms,
    });

  it('is true for any model when the driver has the generic prompt', () => {
    expect(supportsModel(meta(['*']), 'some-model')).toBe(true);
  });

  it('is true only for listed models otherwise, and for no model name at all', () => {
    expect(supportsModel(meta(['gpt-4o']), 'gpt-4o')).toBe(true);
    expect(supportsModel(meta(['gpt-4o']), 'claude-sonnet-4')).toBe(false);
    expect(supportsModel(meta(['gpt-4o']))).toBe(true);
  });
});
