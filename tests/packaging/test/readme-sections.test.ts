import type { SpecCatalogEntry } from '@x/conformance';
import { describe, expect, it } from 'vitest';
import {
  CONFORMANCE_BEGIN,
  CONFORMANCE_END,
  extractConformanceList,
  extractQuickstart,
  QUICKSTART_MARKER,
  renderConformanceList,
  renderQuickstartBlock,
  replaceConformanceList,
  replaceQuickstart,
} from '../src/readme-sections.js';

const spec: SpecCatalogEntry = {
  name: 'demo',
  description: 'A demo spec.',
  requirements: [
    { id: 'demo.1.a', spec: 'demo-1', section: '§1', level: 'MUST', summary: 'A.' },
    { id: 'demo.2.b', spec: 'demo-1', section: '§2 | table', level: 'SHOULD', summary: 'B.' },
  ],
  checks: [{ requirement: 'demo.1.a' }],
};

describe('the quickstart block', () => {
  it('extracts exactly the source it rendered, and replaces it with another', () => {
    const readme = `# x\n\n${renderQuickstartBlock('const a = 1;\n')}\n\nafter\n`;
    expect(extractQuickstart(readme)).toBe('const a = 1;\n');
    const replaced = replaceQuickstart(readme, 'const b = 2;\nconsole.log(b);\n');
    expect(replaced).toBe(
      `# x\n\n${QUICKSTART_MARKER}\n\n\`\`\`ts\nconst b = 2;\nconsole.log(b);\n\`\`\`\n\nafter\n`,
    );
  });

  it('extracts an empty block as the empty string', () => {
    expect(extractQuickstart(`${QUICKSTART_MARKER}\n\n\`\`\`ts\n\`\`\`\n`)).toBe('');
  });

  it('finds nothing without the marker', () => {
    expect(extractQuickstart('```ts\nconst a = 1;\n```\n')).toBeUndefined();
    expect(replaceQuickstart('# x\n', 'const a = 1;\n')).toBeUndefined();
  });
});

describe('the conformance list', () => {
  it('lists every requirement with its level and source, flags unchecked ones and escapes pipes', () => {
    const list = renderConformanceList([spec]);
    expect(list.startsWith(`${CONFORMANCE_BEGIN}\n`)).toBe(true);
    expect(list.endsWith(CONFORMANCE_END)).toBe(true);
    expect(list).toContain(
      '`x-conformance --spec demo`: A demo spec. 2 requirements, 1 with a check.',
    );
    expect(list).toContain('| `demo.1.a` | MUST | demo-1 §1 |');
    expect(list).toContain('| `demo.2.b` | SHOULD (no check) | demo-1 §2 \\| table |');
  });

  it('replaces the list between the markers and leaves the rest alone', () => {
    const readme = `# x\n\n${CONFORMANCE_BEGIN}\nold\n${CONFORMANCE_END}\n\nafter\n`;
    const list = renderConformanceList([spec]);
    const replaced = replaceConformanceList(readme, list);
    expect(replaced).toBe(`# x\n\n${list}\n\nafter\n`);
    expect(extractConformanceList(replaced ?? '')).toBe(list);
  });

  it('finds nothing without both markers', () => {
    expect(extractConformanceList(`${CONFORMANCE_BEGIN}\n`)).toBeUndefined();
    expect(replaceConformanceList('# x\n', 'list')).toBeUndefined();
  });
});
