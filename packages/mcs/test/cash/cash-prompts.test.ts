import { describe, expect, it } from 'vitest';
import { directCallHint, withCashWorkflow } from '../../src/cash/index.js';
import {
  type CallIssue,
  claudePromptStrategy,
  type FunctionDefinition,
  genericPromptStrategy,
  type PromptContext,
} from '../../src/index.js';

const TOOL: FunctionDefinition['parameters'] = { type: 'object', properties: {} };
const CALL_AND_HELP: FunctionDefinition[] = [
  { name: 'call', parameters: TOOL },
  { name: 'help', parameters: TOOL },
];

function context(functions: readonly FunctionDefinition[]): PromptContext {
  return {
    functionDescription: '{"tools": []}',
    descriptionLanguage: 'json',
    functions,
    modelName: undefined,
    exampleCall: '{"tool":"help","arguments":{}}',
  };
}

function unknownFunction(name: string): CallIssue {
  return { reason: 'unknown_function', name, message: `There is no function named "${name}".` };
}

describe('withCashWorkflow', () => {
  it('adds the workflow after the strategy message, keeping its id family and patterns', () => {
    const strategy = withCashWorkflow(claudePromptStrategy, () => undefined);
    expect(strategy.id).toBe('cash-claude');
    expect(strategy.targetLlms).toEqual(claudePromptStrategy.targetLlms);
    const message = strategy.render(context(CALL_AND_HELP));
    expect(message.startsWith(claudePromptStrategy.render(context(CALL_AND_HELP)))).toBe(true);
    expect(message).toContain('<workflow>');
  });

  it('leaves the skill step out when the server has no skill tool', () => {
    const message = withCashWorkflow(genericPromptStrategy, () => undefined).render(
      context(CALL_AND_HELP),
    );
    expect(message).toContain('3. Run a function with `call`');
    expect(message).not.toContain('skill');
  });

  it('lists the help index instead of the first help step when it is given', () => {
    const message = withCashWorkflow(genericPromptStrategy, () => '# Available Namespaces').render(
      context(CALL_AND_HELP),
    );
    expect(message).toContain('1. The namespaces are listed below');
    expect(message.endsWith('\n\n# Available Namespaces')).toBe(true);
  });
});

describe('directCallHint', () => {
  it('rewrites a dotted name into the call of its namespace and function', () => {
    expect(directCallHint([unknownFunction('orders.retail.list')], CALL_AND_HELP)).toContain(
      '{"tool":"call","arguments":{"namespace":"orders.retail","function":"list","kwargs":{}}}',
    );
  });

  it('shows the generic call for a plain or overlong name', () => {
    for (const name of ['list_orders', `a.${'b'.repeat(200)}`, '.list', 'orders.']) {
      const hint = directCallHint([unknownFunction(name)], CALL_AND_HELP);
      expect(hint, name).toContain('"namespace":"<namespace>","function":"<function>"');
    }
  });

  it('says nothing for other issues or a server without call', () => {
    const invalid: CallIssue = { reason: 'invalid_arguments', name: 'call', message: 'bad' };
    expect(directCallHint([invalid], CALL_AND_HELP)).toBeUndefined();
    expect(
      directCallHint([unknownFunction('orders.list')], [{ name: 'help', parameters: TOOL }]),
    ).toBeUndefined();
  });
});
