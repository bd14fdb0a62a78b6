import { describe, expect, it } from 'vitest';
import { formatDriverTestKitReport, type MCSDriver, runDriverTestKit } from '../src/index.js';
import { createBookshopDriver } from './helpers/in-memory-drivers.js';

const CASES = [
  {
    name: 'answers without a call',
    modelOutput: 'Dune is by Frank Herbert.',
    expect: { status: 'no_call' },
  },
  {
    name: 'searches the catalogue',
    modelOutput:
      'Let me look.\n```json\n{"tool": "search_books", "arguments": {"query": "dune"}}\n```',
    expect: {
      status: 'executed',
      calls: [{ name: 'search_books', arguments: { query: 'dune' } }],
      result: [{ isbn: '978-0441172719', title: 'Dune' }],
    },
  },
  {
    name: 'reads stock from an OpenAI-style call',
    modelOutput:
      '{"tool_calls":[{"type":"function","function":{"name":"get_stock","arguments":"{\\"isbn\\":\\"978-0441172719\\"}"}}]}',
    expect: { status: 'executed', resultContains: '3' },
  },
  {
    name: 'refuses a misspelt function',
    modelOutput: '{"tool":"search","arguments":{}}',
    expect: { status: 'invalid_call', reasons: ['unknown_function'] },
  },
  {
    name: 'reports a closed shop',
    modelOutput: '{"tool":"reserve","arguments":{"isbn":"1"}}',
    expect: { status: 'failed', code: 'UNAVAILABLE' },
  },
];

describe('runDriverTestKit (mcs §7)', () => {
  it('passes every contract check and case for a correct driver', async () => {
    const { driver } = createBookshopDriver();
    const report = await runDriverTestKit(driver, CASES);
    expect(report.failed).toBe(0);
    expect(report.passed).toBe(report.contract.length + CASES.length);
    expect(formatDriverTestKitReport(report).split('\n').at(-1)).toBe(
      `${report.passed} passed, 0 failed`,
    );
  });

  it('fails a case whose dispatch or result differs, saying how', async () => {
    const { driver } = createBookshopDriver();
    const report = await runDriverTestKit(driver, [
      {
        name: 'wrong expectations',
        modelOutput: '{"tool":"search_books","arguments":{"query":"emma"}}',
        expect: {
          status: 'executed',
          calls: [{ name: 'search_books', arguments: { query: 'dune' } }],
          result: [],
        },
      },
      { name: 'wrong status', modelOutput: 'plain', expect: { status: 'executed' } },
      {
        name: 'wrong reason',
        modelOutput: '{"tool":"nope","arguments":{}}',
        expect: { status: 'invalid_call', reasons: ['too_deep'] },
      },
      { name: 'bad case', modelOutput: 42 },
    ]);
    expect(report.cases.map((result) => result.passed)).toEqual([false, false, false, false]);
    expect(report.cases[0]?.failures).toEqual([
      expect.stringContaining(
        'expected calls [{"name":"search_books","arguments":{"query":"dune"}}]',
      ),
      expect.stringContaining('expected result []'),
    ]);
    expect(report.cases[1]?.failures).toEqual(['expected status executed, got no_call']);
    expect(report.cases[2]?.failures[0]).toContain('expected reason too_deep');
    expect(report.cases[3]?.failures[0]).toContain('the case is invalid');
    expect(formatDriverTestKitReport(report)).toContain(
      'FAIL wrong status: expected status executed, got no_call',
    );
  });

  it('runs against a driver that only has the three spec methods, checking what it can observe', async () => {
    const { driver: inner } = createBookshopDriver();
    const plain: MCSDriver = {
      meta: inner.meta,
      specVersion: inner.specVersion,
      getFunctionDescription: (model) => inner.getFunctionDescription(model),
      getDriverSystemMessage: (model) => inner.getDriverSystemMessage(model),
      processLlmResponse: (text, options) => inner.processLlmResponse(text, options),
    };
    const report = await runDriverTestKit(plain, CASES);
    expect(report.cases.map((result) => [result.name, result.passed])).toEqual([
      ['answers without a call', true],
      ['searches the catalogue', false],
      ['reads stock from an OpenAI-style call', true],
      ['refuses a misspelt function', true],
      ['reports a closed shop', true],
    ]);
    expect(report.cases[1]?.failures).toEqual([
      expect.stringContaining('does not report its dispatched calls'),
    ]);
  });

  it('flags contract breaches: bad meta, missing spec version, empty description, undeclared capability', async () => {
    const broken = {
      meta: {
        id: 'x',
        protocol: 'p',
        transport: 't',
        spec_format: 's',
        target_llms: ['*'],
        capabilities: ['stream'],
      },
      specVersion: 'v1',
      getFunctionDescription: () => '',
      getDriverSystemMessage: () => {
        throw new Error('no prompt');
      },
      processLlmResponse: async (text: string) => text,
    } satisfies MCSDriver;
    const report = await runDriverTestKit(broken, []);
    expect(report.contract.map((check) => check.passed)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(report.contract[3]?.failures).toEqual(['threw: no prompt']);
  });
});
