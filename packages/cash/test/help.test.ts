import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createShopServer } from './fixtures/shop.js';
import { code, json, text } from './helpers.js';

let pair: TestPair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

async function shop(options: Parameters<typeof createShopServer>[0] = {}) {
  pair = await createTestPair(createShopServer(options).createMcpServer());
  return pair;
}

describe('help layering', () => {
  it('lists only top-level namespaces with one line each, and the supported arguments', async () => {
    const { callTool: tool } = await shop();
    const answer = text(await tool('help'));
    expect(answer).toBe(
      [
        '# Available Namespaces',
        '',
        '- **orders** — Create and manage customer orders.\n- **inventory** — Query and update stock levels.\n- **crm** — Manage contacts and accounts.',
        '',
        'Supported arguments: `format` (markdown|json), `params` (full), `examples` (true|false), `query` (words), `offset` (N).',
      ].join('\n'),
    );
    expect(answer).not.toMatch(/retail|customer_id|skill/i);
  });

  it('lists sub-namespaces and functions of a namespace, without parameters', async () => {
    const { callTool: tool } = await shop();
    const answer = text(await tool('help', { namespace: 'orders' }));
    expect(answer).toContain('## Sub-namespaces\n\n- **retail** — Retail channel orders.');
    expect(answer).toContain('## Functions\n\n- **create** — Create a new order.');
    expect(answer).not.toMatch(/customer_id|\| Name|createorderwithcheck/);
  });

  it('documents a function with a parameter subset and advertises params="full" and examples', async () => {
    const { callTool: tool } = await shop();
    const answer = text(await tool('help', { namespace: 'orders', function: 'create' }));
    expect(answer).toContain('# orders.create\n\nCreate a new order for a customer.');
    expect(answer).toContain('| customer_id | string | yes | Unique customer identifier. |');
    expect(answer).toContain('| notes | string | no |');
    expect(answer).not.toContain('| priority');
    expect(answer).toContain('Additional parameters (1) available with `params="full"`.');
    expect(answer).toContain('Examples available with `examples=true`.');
    expect(answer).toContain('## Returns');
  });

  it('shows every parameter with constraints under params="full", and examples on request', async () => {
    const { callTool: tool } = await shop();
    const answer = text(
      await tool('help', {
        namespace: 'orders',
        function: 'create',
        kwargs: { params: 'full', examples: true },
      }),
    );
    expect(answer).toContain(
      '| priority | string | no | Handling priority. One of: "low", "high". Default: "low". |',
    );
    expect(answer).toContain(
      '- One item: `call(namespace="orders", function="create", kwargs={"customer_id":"C-42","items":[{"product_id":"P-7","quantity":3}]})`',
    );
    expect(answer).not.toContain('params="full"');
  });

  it('drills into hierarchical namespaces with dotted paths and normalized labels', async () => {
    const { callTool: tool } = await shop();
    expect(text(await tool('help', { namespace: 'Orders.RETAIL' }))).toContain('# orders.retail');
    expect(text(await tool('help', { namespace: 'orders.retail', function: 'Summary' }))).toContain(
      '| since | string | no | ISO 8601 date filter. |',
    );
  });

  it('answers in JSON with format="json" at every layer', async () => {
    const { callTool: tool } = await shop();
    expect(json(await tool('help', { kwargs: { format: 'json' } }))).toEqual({
      namespaces: [
        { name: 'orders', description: 'Create and manage customer orders.' },
        { name: 'inventory', description: 'Query and update stock levels.' },
        { name: 'crm', description: 'Manage contacts and accounts.' },
      ],
      arguments: {
        format: 'markdown|json',
        params: 'full',
        examples: 'true|false',
        query: 'words',
        offset: 'N',
      },
    });
    const listing = json(await tool('help', { namespace: 'orders', kwargs: { format: 'json' } }));
    expect(listing.namespaces).toEqual([
      { name: 'retail', description: 'Retail channel orders.' },
      { name: 'wholesale', description: 'Wholesale and bulk orders.' },
    ]);
    const documented = json(
      await tool('help', { namespace: 'inventory', function: 'check', kwargs: { format: 'json' } }),
    );
    expect(documented).toMatchObject({ namespace: 'inventory', function: 'check' });
    expect(documented.parameters).toHaveLength(2);
  });

  it('ignores unknown keyword arguments with a note instead of failing', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('help', {
      kwargs: { model: 'haiku', format: 'xml' },
      detailed: true,
    });
    expect(result.isError).toBeUndefined();
    expect(text(result)).toContain('# Available Namespaces');
    expect(text(result)).toContain('_Ignored arguments: `detailed`, `model`, `format="xml"`._');
  });

  it('advertises the gate threshold only when it is above 10,000', async () => {
    const { callTool: tool } = await shop({ gateThreshold: 50_000 });
    expect(text(await tool('help'))).toContain('Gate threshold: 50,000 characters');
    expect(json(await tool('help', { kwargs: { format: 'json' } })).gate_threshold).toBe(50_000);
    await pair?.close();
    const lower = await shop({ gateThreshold: 5_000 });
    expect(text(await lower.callTool('help'))).not.toContain('Gate threshold');
  });

  it('answers unknown namespaces and functions with the nearest names and the help call', async () => {
    const { callTool: tool } = await shop();
    const namespace = await tool('help', { namespace: 'ordrs' });
    expect(namespace.isError).toBe(true);
    expect(code(namespace)).toBe('UNKNOWN_NAMESPACE');
    expect(text(namespace)).toBe(
      '**Error:** No namespace `ordrs`. Nearest: `orders`. Use `help()` to see the available namespaces.',
    );
    const fn = await tool('help', { namespace: 'orders', function: 'lst' });
    expect(code(fn)).toBe('UNKNOWN_FUNCTION');
    expect(text(fn)).toContain('Nearest: `list`.');
    expect(text(fn)).toContain('Use `help(namespace="orders")`');
  });
});
