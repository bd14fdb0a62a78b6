import { fileURLToPath } from 'node:url';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { CashError, createCashServer, stripExecutableContent } from '../src/index.js';
import { createShopServer } from './fixtures/shop.js';
import { code, json, text } from './helpers.js';

const SKILLS = fileURLToPath(new URL('./fixtures/skills', import.meta.url));

let pair: TestPair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

describe('skill', () => {
  it('lists every skill with its namespace when called without a name', async () => {
    pair = await createTestPair(createShopServer().createMcpServer());
    const answer = text(await pair.callTool('skill'));
    expect(answer).toBe(
      [
        '# Skills',
        '',
        '- **createorderwithcheck** (`orders`) — Create an order after verifying stock availability.\n- **restock** (`inventory`) — Restock a product.',
        '',
        'Get one with `skill(namespace="...", skillname="...")`; kwargs fill its `{{placeholders}}`.',
      ].join('\n'),
    );
    expect(
      json(await pair.callTool('skill', { namespace: 'inventory', kwargs: { format: 'json' } })),
    ).toEqual({
      skills: [{ namespace: 'inventory', name: 'restock', description: 'Restock a product.' }],
    });
  });

  it('returns a skill with placeholders filled from normalized kwargs, and names the missing ones', async () => {
    pair = await createTestPair(createShopServer().createMcpServer());
    const filled = text(
      await pair.callTool('skill', {
        namespace: 'orders',
        skillname: 'CreateOrderWithCheck',
        kwargs: { customerId: 'C-42', product_id: 'P-7' },
      }),
    );
    expect(filled).toContain('# createorderwithcheck');
    expect(filled).toContain('To create an order for C-42 with an inventory pre-check:');
    expect(filled).toContain('for P-7.');
    expect(filled).not.toContain('Inputs not given');
    const partial = text(
      await pair.callTool('skill', { namespace: 'orders', skillname: 'createorderwithcheck' }),
    );
    expect(partial).toContain('{{customer_id}}');
    expect(partial).toContain(
      '_Inputs not given: `customer_id`, `product_id` (pass them in kwargs)._',
    );
  });

  it('answers an unknown skill with UNKNOWN_SKILL and where a skill of that name lives', async () => {
    pair = await createTestPair(createShopServer().createMcpServer());
    const result = await pair.callTool('skill', { skillname: 'createorderwithcheck' });
    expect(code(result)).toBe('UNKNOWN_SKILL');
    expect(text(result)).toContain('Found elsewhere: `orders.createorderwithcheck`.');
    const near = await pair.callTool('skill', {
      namespace: 'orders',
      skillname: 'createorderwithchek',
    });
    expect(text(near)).toContain('Nearest: `createorderwithcheck`.');
  });

  it('never mentions skills in help', async () => {
    pair = await createTestPair(createShopServer().createMcpServer());
    for (const args of [{}, { namespace: 'orders' }, { namespace: 'inventory' }]) {
      expect(text(await pair.callTool('help', args))).not.toMatch(
        /skill|restock|createorderwithcheck/i,
      );
    }
  });

  it('loads SKILL.md folders as text only: scripts and executable blocks are dropped', async () => {
    const server = createCashServer({ name: 'skills' });
    const labels = await server
      .namespace('orders', { description: 'Orders.' })
      .skillsFromFolder(SKILLS);
    expect(labels).toEqual(['create_order_with_check', 'refund']);
    pair = await createTestPair(server.createMcpServer());
    const listing = text(await pair.callTool('skill'));
    expect(listing).toContain(
      '- **create_order_with_check** (`orders`) — Create an order after verifying stock availability.',
    );
    expect(listing).toContain('- **refund** (`orders`) — Refund an order in full.');
    const skill = text(
      await pair.callTool('skill', {
        namespace: 'orders',
        skillname: 'createorderwithcheck',
        kwargs: { product_id: 'P-7' },
      }),
    );
    expect(skill).toContain('for P-7.');
    expect(skill).not.toMatch(/python|scripts\/check|alert|never served/);
    expect(skill).toContain('{ "customer_id": "C-42" }');
    expect(skill).toContain('_(executable content omitted)_');
  });

  it('rejects a missing skill folder with SKILL_FILE_INVALID', async () => {
    const server = createCashServer({ name: 'skills' });
    await expect(server.skillsFromFolder('/nonexistent/skills')).rejects.toSatisfy(
      (error) => CashError.isInstance(error) && error.code === 'SKILL_FILE_INVALID',
    );
  });

  it('strips unclosed executable fences to the end and keeps prose fences', () => {
    expect(stripExecutableContent('a\n```sh\nrm -rf /\n')).toBe(
      'a\n_(executable content omitted)_',
    );
    expect(stripExecutableContent('a\n````\n```js\nx\n````\nb')).toBe('a\n````\n```js\nx\n````\nb');
  });
});
