import { describe, expect, it } from 'vitest';
import { createDriver } from '../src/driver-module.js';

describe('the driver module for x-conformance', () => {
  it('builds the demo REST driver by default and stops the demo service on close', async () => {
    const driver = await createDriver();
    const result = (await driver.processLlmResponse('{"tool": "health", "arguments": {}}')) as {
      status: number;
    };
    expect(result.status).toBe(200);
    await driver.close();
    await expect(
      driver.processLlmResponse('{"tool": "health", "arguments": {}}'),
    ).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });

  it('refuses options that name no driver', async () => {
    await expect(createDriver({ format: 'functions' })).rejects.toThrow(
      'give exactly one of openapi, mcp, mcpUrl or demo',
    );
  });
});
