/**
 * Splitting a markdown document into the fields the BM25 strategy weighs: title, headings, body.
 *
 * @module
 */

/** The three fields of a document. */
export interface MarkdownFields {
  /** The text of the first level-1 heading, or `''`. */
  readonly title: string;
  /** The text of every other heading, one per line. */
  readonly headings: string;
  /** Every line that is not a heading. */
  readonly body: string;
}

/** An ATX heading: up to three spaces, 1–6 `#`, then the text, without a closing `#` run. */
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
/** The opening or closing line of a fenced code block. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Splits markdown into title, headings and body. Only ATX headings (`# Title`) count, and
 * none inside fenced code blocks; text that is not markdown is all body.
 */
export function markdownFields(content: string): MarkdownFields {
  let title: string | undefined;
  const headings: string[] = [];
  const body: string[] = [];
  let fence: string | undefined;
  for (const line of content.split(/\r\n|\r|\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch?.[1] !== undefined) {
      const marker = fenceMatch[1];
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      body.push(line);
      continue;
    }
    const heading = fence === undefined ? ATX_HEADING.exec(line) : null;
    if (heading === null) {
      body.push(line);
      continue;
    }
    const text = heading[2] ?? '';
    if (title === undefined && heading[1] === '#') title = text;
    else headings.push(text);
  }
  return { title: title ?? '', headings: headings.join('\n'), body: body.join('\n') };
}
