import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDriver, McsError } from '../src/index.js';
import { createBookshopDriver } from './helpers/in-memory-drivers.js';

describe('processLlmResponse (mcs §3.3)', () => {
  it('returns the text itself, unchanged, when there is no call', async () => {
    const { driver, log } = createBookshopDriver();
    const answer = 'Dune is by Frank Herbert. {not json}';
    await expect(driver.processLlmResponse(answer)).resolves.toBe(answer);
    expect(log).toEqual([]);
  });

  it('executes one call and returns its raw result', async () => {
    const { driver } = createBookshopDriver();
    await expect(
      driver.processLlmResponse(
        'Checking:\n```json\n{"tool": "get_stock", "arguments": {"isbn": "978-0441172719"}}\n```',
      ),
    ).resolves.toBe(3);
  });

  it('executes several calls in text order and returns their results as an array', async () => {
    const { driver, log } = createBookshopDriver();
    const result = await driver.processLlmResponse(
      '[{"tool":"search_books","arguments":{"query":"emma"}},{"tool":"get_stock","arguments":{"isbn":"978-0141439587"}}]',
    );
    expect(result).toEqual([[{ isbn: '978-0141439587', title: 'Emma' }], 0]);
    expect(log).toEqual(['search_books:emma', 'get_stock:978-0141439587']);
  });

  it('rejects a malformed call with CALL_INVALID and a retry prompt, executing nothing', async () => {
    const { driver, log } = createBookshopDriver();
    const rejection = driver.processLlmResponse(
      '[{"tool":"search_books","arguments":{"query":"dune"}},{"tool":"get_stock","arguments":{}}]',
    );
    await expect(rejection).rejects.toMatchObject({
      code: 'CALL_INVALID',
      retryPrompt: expect.stringContaining("must have required property 'isbn'"),
    });
    expect(log).toEqual([]);
  });

  it('turns a bridge failure into a McsError with a retry prompt, keeping the code', async () => {
    const { driver } = createBookshopDriver();
    const failure = await driver
      .processLlmResponse('{"tool":"reserve","arguments":{"isbn":"978-0441172719"}}')
      .catch((error: unknown) => error);
    expect(McsError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      code: 'UNAVAILABLE',
      retryable: true,
      retryPrompt: expect.stringContaining('"reserve" failed: the shop system is closed'),
    });
  });

  it('wraps a plain thrown error as EXECUTION_FAILED', async () => {
    const { driver } = createBookshopDriver();
    await expect(
      driver.processLlmResponse('{"tool":"get_stock","arguments":{"isbn":"000-0000000000"}}'),
    ).rejects.toMatchObject({
      code: 'EXECUTION_FAILED',
      message: 'no book with ISBN 000-0000000000',
    });
  });

  it('fails with CANCELLED when the caller aborts before the call runs', async () => {
    const { driver, log } = createBookshopDriver();
    const controller = new AbortController();
    controller.abort();
    await expect(
      driver.processLlmResponse('{"tool":"search_books","arguments":{"query":"dune"}}', {
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(log).toEqual([]);
  });
});

describe('processLlmResponseDetailed', () => {
  it('reports every outcome as a value and never rejects', async () => {
    const { driver } = createBookshopDriver();
    await expect(driver.processLlmResponseDetailed('hello')).resolves.toEqual({
      status: 'no_call',
      text: 'hello',
    });
    await expect(
      driver.processLlmResponseDetailed('{"tool":"search_books","arguments":{"query":"dune"}}'),
    ).resolves.toMatchObject({
      status: 'executed',
      calls: [{ name: 'search_books', arguments: { query: 'dune' }, style: 'mcs' }],
      result: [{ isbn: '978-0441172719', title: 'Dune' }],
    });
    await expect(
      driver.processLlmResponseDetailed('{"tool":"nope","arguments":{}}'),
    ).resolves.toMatchObject({
      status: 'invalid_call',
      issues: [{ reason: 'unknown_function' }],
    });
  });

  it('reports which calls ran before a failure', async () => {
    const { driver, log } = createBookshopDriver();
    const response = await driver.processLlmResponseDetailed(
      '{"tool":"search_books","arguments":{"query":"dune"}}\n{"tool":"reserve","arguments":{"isbn":"1"}}\n{"tool":"search_books","arguments":{"query":"emma"}}',
    );
    expect(response).toMatchObject({
      status: 'failed',
      executed: [{ name: 'search_books' }],
      failedCall: { name: 'reserve' },
      error: { code: 'UNAVAILABLE' },
    });
    expect(log).toEqual(['search_books:dune', 'reserve']);
  });
});

describe('createDriver', () => {
  it('refuses invalid metadata when it is created', () => {
    expect(() =>
      createBookshopDriver({ meta: { id: 'x', protocol: 'p', transport: 't', spec_format: 's' } }),
    ).toThrow(expect.objectContaining({ code: 'META_INVALID' }));
  });

  it('refuses a function whose schema does not compile when it is created, not on first call', () => {
    expect(() =>
      createDriver({
        meta: { id: randomUUID(), protocol: 'p', transport: 't', spec_format: 's' },
        functions: [
          { name: 'broken', parameters: { type: 'object', required: 'name' }, handler: () => null },
        ],
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'FUNCTION_INVALID',
        message: expect.stringContaining('"broken"'),
      }),
    );
  });

  it('exposes the functions it was given and the spec version', () => {
    const { driver } = createBookshopDriver();
    expect(driver.listFunctions().map((definition) => definition.name)).toEqual([
      'search_books',
      'get_stock',
      'reserve',
    ]);
    expect(driver.specVersion).toBe('0.1.0');
  });
});
