import { describe, expect, it } from 'vitest';
import { minimalInputSchema, toMinimalTool } from '../src/index.js';

describe('toMinimalTool (§3.1)', () => {
  const tool = {
    name: 'read_file',
    title: 'Read file',
    description: 'Long text.',
    inputSchema: { type: 'object' as const, properties: { path: { type: 'string' } } },
    outputSchema: { type: 'object' as const, properties: { text: { type: 'string' } } },
    annotations: { readOnlyHint: true },
    _meta: { owner: 'fs' },
  };

  it('keeps name, summary, open schema and _meta, and drops the output schema and client hints', () => {
    expect(
      toMinimalTool(
        { ...tool, execution: { taskSupport: 'forbidden' } },
        'Reads a file.',
        'explicit',
      ),
    ).toEqual({
      name: 'read_file',
      description: 'Reads a file.',
      inputSchema: { type: 'object', additionalProperties: true },
      _meta: { owner: 'fs' },
    });
  });

  it('keeps client hints when asked, and an execution mode other than the default', () => {
    expect(
      toMinimalTool(
        { ...tool, execution: { taskSupport: 'required' } },
        'Reads a file.',
        'explicit',
        true,
      ),
    ).toEqual({
      name: 'read_file',
      title: 'Read file',
      description: 'Reads a file.',
      inputSchema: { type: 'object', additionalProperties: true },
      annotations: { readOnlyHint: true },
      execution: { taskSupport: 'required' },
      _meta: { owner: 'fs' },
    });
  });

  it('leaves out an empty summary and offers the type-only schema style', () => {
    const minimal = toMinimalTool(tool, '', 'type-only');
    expect(minimal.description).toBeUndefined();
    expect(minimal.inputSchema).toEqual({ type: 'object' });
    expect(minimalInputSchema('explicit')).toEqual({ type: 'object', additionalProperties: true });
  });
});
