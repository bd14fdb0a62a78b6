import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createDriver } from '../src/driver-module.js';

const X_CASH = fileURLToPath(
  new URL('../node_modules/@x/cash-server/dist/cli.js', import.meta.url),
);

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

  it('builds the CaSH driver from a command line and ends the server on close', async () => {
    const driver = await createDriver({ cash: `'${process.execPath}' '${X_CASH}' demo` });
    try {
      expect(driver.meta.protocol).toBe('CaSH');
      const index = await driver.processLlmResponse('{"tool": "help", "arguments": {}}');
      expect(JSON.stringify(index)).toContain('**inventory**');
    } finally {
      await driver.close();
    }
    await expect(
      driver.processLlmResponse('{"tool": "help", "arguments": {}}'),
    ).rejects.toMatchObject({ code: 'EXECUTION_FAILED' });
  });

  it('refuses options that name no driver', async () => {
    await expect(createDriver({ format: 'functions' })).rejects.toThrow(
      'give exactly one of openapi, mcp, mcpUrl, cash or demo',
    );
  });
});
