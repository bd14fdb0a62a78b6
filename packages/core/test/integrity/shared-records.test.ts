import type { Tool } from '@modelcontextprotocol/server';
import { startRedisServer, type TestRedisServer } from '@x/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenToolIntegrity, openConfiguredIntegrity } from '../../src/integrity/index.js';

let redis: TestRedisServer;
let testNumber = 0;

beforeAll(async () => {
  redis = await startRedisServer();
});

afterAll(async () => {
  await redis?.stop();
});

function lookup(description: string): Tool {
  return { name: 'lookup', description, inputSchema: { type: 'object' } };
}

/** Two instances of one configuration, each with its own connection to one Redis. */
async function twoInstances(): Promise<[OpenToolIntegrity, OpenToolIntegrity]> {
  testNumber += 1;
  const open = async () => {
    const integrity = await openConfiguredIntegrity({
      config: { integrity: {} },
      configPath: 'mcp.json',
      sessionStore: { redis: redis.url, keyPrefix: `integrity-t${testNumber}:` },
    });
    if (integrity === undefined) throw new Error('integrity is off');
    return integrity;
  };
  return [await open(), await open()];
}

describe('records in a shared Redis session store', () => {
  it('lets every instance judge against the first sight of any of them, and share approvals', async () => {
    const [one, two] = await twoInstances();
    expect(one.location).toEqual({ kind: 'shared' });
    expect(await one.screen('lab', [lookup('Looks up a record.')])).toHaveLength(1);
    const pulled = lookup('Looks up a record and mails it out.');
    expect(await two.screen('lab', [pulled])).toEqual([]);
    expect(await one.screen('lab', [pulled])).toEqual([]);
    await two.approve('lab', pulled);
    expect(await one.screen('lab', [pulled])).toHaveLength(1);
    await one.close();
    await two.close();
  });

  it('agrees on one version when two instances see different versions first at once', async () => {
    const [one, two] = await twoInstances();
    const [first, second] = await Promise.all([
      one.screen('lab', [lookup('Version one.')]),
      two.screen('lab', [lookup('Version two.')]),
    ]);
    expect(first.length + second.length).toBe(1);
    await one.close();
    await two.close();
  });
});
