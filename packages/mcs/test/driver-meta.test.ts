import { describe, expect, it } from 'vitest';
import { DriverMetaSchema, MCS_SPEC_VERSION, McsError, parseDriverMeta } from '../src/index.js';

const META = {
  id: '3f0c2a9e-6d4b-4c1e-9a7f-2b8d5e1c4a60',
  protocol: 'REST',
  transport: 'HTTP',
  spec_format: 'OpenAPI',
};

describe('DriverMeta', () => {
  it('keeps the field names of the spec and fills target_llms and capabilities', () => {
    expect(parseDriverMeta(META)).toEqual({ ...META, target_llms: ['*'], capabilities: [] });
    expect(Object.keys(DriverMetaSchema.shape).sort()).toEqual([
      'autostart',
      'capabilities',
      'id',
      'prefix',
      'protocol',
      'spec_format',
      'target_llms',
      'transport',
    ]);
  });

  it('accepts explicit models next to the wildcard', () => {
    expect(parseDriverMeta({ ...META, target_llms: ['*', 't5-small'] }).target_llms).toEqual([
      '*',
      't5-small',
    ]);
  });

  it('names the offending field when the meta is invalid', () => {
    for (const [input, field] of [
      [{ ...META, id: 'not-a-uuid' }, 'id'],
      [{ ...META, prefix: '9lives' }, 'prefix'],
      [{ ...META, target_llms: [] }, 'target_llms'],
      [{ ...META, capabilities: ['cache', 'cache'] }, 'capabilities'],
    ] as const) {
      expect(() => parseDriverMeta(input)).toThrow(
        expect.objectContaining({ code: 'META_INVALID', message: expect.stringContaining(field) }),
      );
    }
    expect(() => parseDriverMeta({})).toThrow(McsError);
  });

  it('declares the spec version as MAJOR.MINOR.PATCH', () => {
    expect(MCS_SPEC_VERSION).toBe('0.1.0');
  });
});
