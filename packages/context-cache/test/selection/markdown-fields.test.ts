import { describe, expect, it } from 'vitest';
import { markdownFields } from '../../src/selection/markdown-fields.js';

describe('markdownFields', () => {
  it('takes the first level-1 heading as title, other headings apart, the rest as body', () => {
    const content =
      '# Deploy Guide #\nIntro text.\n## Steps\nRun it.\n# Second Title\n   ### Deep ###';
    expect(markdownFields(content)).toEqual({
      title: 'Deploy Guide',
      headings: 'Steps\nSecond Title\nDeep',
      body: 'Intro text.\nRun it.',
    });
  });

  it('ignores heading-like lines inside fenced code and lines that are not ATX headings', () => {
    const content = '```sh\n# not a heading\n```\n#hashtag\n    # indented code\nText';
    expect(markdownFields(content)).toEqual({
      title: '',
      headings: '',
      body: '```sh\n# not a heading\n```\n#hashtag\n    # indented code\nText',
    });
  });

  it('treats text without markdown as body only', () => {
    expect(markdownFields('plain\r\ntext')).toEqual({
      title: '',
      headings: '',
      body: 'plain\ntext',
    });
  });
});
