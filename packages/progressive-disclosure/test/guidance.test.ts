import { describe, expect, it } from 'vitest';
import { resourceDescription, systemPromptGuidance } from '../src/index.js';

describe('systemPromptGuidance (§8.2)', () => {
  const text = systemPromptGuidance({ exampleTools: ['read_file', 'write_file'] });

  it('explains both stages, that short descriptions suffice, and forbids reads without tools', () => {
    expect(text).toContain('tools/list');
    expect(text).toContain('enough to decide which tool fits');
    expect(text).toContain('Never read resource:///tool_descriptions without ?tools=');
    expect(text).toContain('TOOL_DESCRIPTION_REQUIRED');
  });

  it('shows example URIs with the given tool names, or placeholders', () => {
    expect(text).toContain('resource:///tool_descriptions?tools=read_file,write_file');
    expect(systemPromptGuidance()).toContain('resource:///tool_descriptions?tools=TOOL_NAME');
  });
});

describe('resourceDescription (§4.2)', () => {
  it('gives sequential steps, the query syntax, the grant and the consequences', () => {
    const text = resourceDescription(['a']);
    expect(text).toMatch(/Step 1:.*Step 2:.*Step 3:/s);
    expect(text).toContain('resource:///tool_descriptions?tools=a');
    expect(text).toContain('comma-separated');
    expect(text).toContain('authorizes that tool for this session');
    expect(text).toContain('MISSING_TOOL_SELECTION');
  });
});
