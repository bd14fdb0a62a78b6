import type { CallerContext } from '@x/core/serve';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisibilityHook } from '../src/index.js';
import { createShopServer } from './fixtures/shop.js';
import { text } from './helpers.js';

const viewerSeesReadsOnly: VisibilityHook = (target, session) => {
  if (session?.role !== 'viewer') return true;
  if (target.tags.includes('admin')) return false;
  return target.kind !== 'function' || target.tags.includes('read');
};

function caller(role: string | undefined): CallerContext {
  return { sessionId: undefined, role, transport: 'stdio', era: 'legacy', scope: 'stdio:test' };
}

let pairs: TestPair[] = [];
afterEach(async () => {
  await Promise.all(pairs.map((pair) => pair.close()));
  pairs = [];
});

async function connect(role: string | undefined) {
  const pair = await createTestPair(
    createShopServer({ visibility: viewerSeesReadsOnly }).createMcpServer(caller(role)),
  );
  pairs.push(pair);
  return pair;
}

describe('context-dependent visibility', () => {
  it('hides functions and namespaces from help for a viewer', async () => {
    const viewer = await connect('viewer');
    const index = text(await viewer.callTool('help'));
    expect(index).not.toContain('crm');
    const orders = text(await viewer.callTool('help', { namespace: 'orders' }));
    expect(orders).toContain('**list**');
    expect(orders).not.toContain('**create**');
    const admin = await connect('admin');
    expect(text(await admin.callTool('help'))).toContain('crm');
  });

  it('answers a hidden function exactly as an unknown one', async () => {
    const viewer = await connect('viewer');
    const hidden = await viewer.callTool('call', {
      namespace: 'orders',
      function: 'create',
      kwargs: {},
    });
    const unknown = await viewer.callTool('call', {
      namespace: 'orders',
      function: 'creat',
      kwargs: {},
    });
    expect(JSON.stringify(hidden)).toBe(JSON.stringify(unknown).replaceAll('creat', 'create'));
    const helpHidden = await viewer.callTool('help', { namespace: 'orders', function: 'create' });
    expect(text(helpHidden)).not.toMatch(/customer_id|Nearest/);
  });

  it('answers a hidden namespace exactly as an unknown one, without suggesting it', async () => {
    const viewer = await connect('viewer');
    const hidden = await viewer.callTool('call', { namespace: 'crm', function: 'contactupdate' });
    expect(text(hidden)).toBe(
      '**Error:** No namespace `crm`. Use `help()` to see the available namespaces.',
    );
    const near = await viewer.callTool('help', { namespace: 'crn' });
    expect(text(near)).toBe(
      '**Error:** No namespace `crn`. Use `help()` to see the available namespaces.',
    );
  });

  it('hides skills of hidden namespaces and keeps visible ones', async () => {
    const viewer = await connect('viewer');
    expect(text(await viewer.callTool('skill'))).toContain('restock');
  });
});
