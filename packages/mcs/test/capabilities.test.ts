import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BaseDriver,
  type CallOptions,
  type FunctionCall,
  type FunctionDefinition,
  type HealthReport,
  hasCapability,
  type MCSDriver,
  missingCapabilityMethods,
} from '../src/index.js';

class HealthyDriver extends BaseDriver {
  listFunctions(): readonly FunctionDefinition[] {
    return [{ name: 'noop', parameters: { type: 'object' } }];
  }
  async executeCall(_call: FunctionCall, _options?: CallOptions): Promise<unknown> {
    return null;
  }
  async healthcheck(): Promise<HealthReport> {
    return { status: 'ok' };
  }
}

function meta(capabilities: string[]) {
  return {
    id: randomUUID(),
    protocol: 'Test',
    transport: 'Memory',
    spec_format: 'JSON-Schema',
    capabilities,
  };
}

describe('capabilities', () => {
  it('narrows the driver type when the flag is declared and the method exists', async () => {
    const driver: MCSDriver = new HealthyDriver({ meta: meta(['healthcheck']) });
    expect(hasCapability(driver, 'healthcheck')).toBe(true);
    if (hasCapability(driver, 'healthcheck')) {
      await expect(driver.healthcheck()).resolves.toEqual({ status: 'ok' });
    }
    expect(hasCapability(driver, 'stream')).toBe(false);
  });

  it('reads an undeclared method as absent: consumers feature-detect through meta', () => {
    const driver = new HealthyDriver({ meta: meta([]) });
    expect(hasCapability(driver, 'healthcheck')).toBe(false);
  });

  it('refuses a driver that declares a capability it does not implement', () => {
    expect(() => new HealthyDriver({ meta: meta(['healthcheck', 'status']) })).toThrow(
      expect.objectContaining({
        code: 'CAPABILITY_MISSING',
        message: expect.stringContaining('status'),
      }),
    );
  });

  it('reports declared-but-missing methods of any driver, ignoring extension flags', () => {
    const foreign = {
      meta: { ...meta(['cache', 'x-audit']), target_llms: ['*'] },
      specVersion: '0.1.0',
      getFunctionDescription: () => '[]',
      getDriverSystemMessage: () => 'system',
      processLlmResponse: async (text: string) => text,
    } satisfies MCSDriver;
    expect(missingCapabilityMethods(foreign)).toEqual(['cache']);
    expect(hasCapability(foreign, 'cache')).toBe(false);
  });
});
