import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CashError, createCashServer } from '../src/index.js';

function failure(action: () => unknown): CashError {
  try {
    action();
  } catch (error) {
    if (CashError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a CashError');
}

describe('registration', () => {
  it.each(['order-mgmt', 'my.namespace', 'order mgmt', '', '___', 'x'.repeat(65)])(
    'rejects the invalid namespace label %j',
    (label) => {
      const error = failure(() =>
        createCashServer({ name: 's' }).namespace(label, { description: 'D.' }),
      );
      expect(error.code).toBe('INVALID_LABEL');
      expect(error.message).toContain('letters, digits or underscores');
    },
  );

  it('rejects labels that collide after normalization', () => {
    const server = createCashServer({ name: 's' });
    server.namespace('Order_Mgmt', { description: 'Orders.' });
    const namespace = failure(() => server.namespace('ordermgmt', { description: 'Again.' }));
    expect(namespace.code).toBe('LABEL_COLLISION');
    expect(namespace.message).toBe(
      'namespace "ordermgmt" collides with "Order_Mgmt" in the root namespace: both normalize to "ordermgmt"',
    );
    server.function('contact_update', { summary: 'Update.', handler: () => 1 });
    expect(
      failure(() => server.function('contactUpdate', { summary: 'Again.', handler: () => 1 })).code,
    ).toBe('LABEL_COLLISION');
    server.skill('create_order', { description: 'Create.', text: 'x' });
    expect(
      failure(() => server.skill('CreateOrder', { description: 'Again.', text: 'y' })).code,
    ).toBe('LABEL_COLLISION');
  });

  it('rejects parameter names that are invalid or collide', () => {
    const server = createCashServer({ name: 's' });
    const invalid = failure(() =>
      server.function('f', {
        summary: 'F.',
        params: { type: 'object', properties: { 'file-path': {} } },
        handler: () => 1,
      }),
    );
    expect(invalid.code).toBe('INVALID_LABEL');
    const colliding = failure(() =>
      server.function('g', {
        summary: 'G.',
        params: z.object({ customer_id: z.string(), customerId: z.string() }),
        handler: () => 1,
      }),
    );
    expect(colliding.code).toBe('LABEL_COLLISION');
  });

  it('rejects malformed definitions with INVALID_DEFINITION', () => {
    const server = createCashServer({ name: 's' });
    expect(failure(() => server.function('f', { summary: '', handler: () => 1 })).code).toBe(
      'INVALID_DEFINITION',
    );
    expect(
      failure(() => server.function('f', { summary: 'Two\nlines.', handler: () => 1 })).code,
    ).toBe('INVALID_DEFINITION');
    expect(
      failure(() =>
        server.function('f', {
          summary: 'F.',
          params: { type: 'array' } as never,
          handler: () => 1,
        }),
      ).code,
    ).toBe('INVALID_DEFINITION');
    expect(
      failure(() =>
        server.function('f', {
          summary: 'F.',
          params: { type: 'object', properties: { a: { type: 'nope' } } },
          handler: () => 1,
        }),
      ).message,
    ).toContain('not a valid JSON Schema');
    expect(
      failure(() => server.function('f', { summary: 'F.', primaryParams: ['x'], handler: () => 1 }))
        .code,
    ).toBe('INVALID_DEFINITION');
    expect(failure(() => createCashServer({ name: 's', gateThreshold: 0 })).code).toBe(
      'INVALID_DEFINITION',
    );
    expect(failure(() => server.namespace('n', { description: ' ' })).code).toBe(
      'INVALID_DEFINITION',
    );
  });

  it('gives zod handlers the parsed output with defaults applied', async () => {
    const server = createCashServer({ name: 's' });
    server.function('greet', {
      summary: 'Greet.',
      params: z.object({ name: z.string(), loud: z.boolean().default(false) }),
      handler: (kwargs) => (kwargs.loud ? kwargs.name.toUpperCase() : kwargs.name),
    });
    const result = await server.callTool('call', { function: 'greet', kwargs: { Name: 'ada' } });
    expect(result.content).toEqual([{ type: 'text', text: 'ada' }]);
  });
});
