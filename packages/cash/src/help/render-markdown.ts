/**
 * Help views as markdown, the recommended default format (cash-rfc §4.2).
 *
 * @module
 */

import { formatInvocation } from '../results.js';
import { HELP_ARGUMENTS } from './help-options.js';
import type { FunctionView, HelpView, ListingEntry, ListingPage } from './views.js';

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replaceAll('|', '\\|');
}

function listing(entries: readonly ListingEntry[]): string {
  return entries
    .map(
      (entry) =>
        `- **${entry.name}** — ${entry.description}${entry.available === false ? ' _(available: false)_' : ''}`,
    )
    .join('\n');
}

function entries(value: number): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? 'entry' : 'entries'}`;
}

/** The help call that lists `page`'s namespace again with `kwargs`. */
function helpCall(page: ListingPage, kwargs: Record<string, unknown>): string {
  const head = formatInvocation('help', { namespace: page.namespace });
  return `\`${head.slice(0, -1)}${head.endsWith('()') ? '' : ', '}kwargs=${JSON.stringify(kwargs)})\``;
}

/**
 * The notice of a narrowed or paged listing: what the query matched, and when the listing is
 * larger than one answer, that it was gated, its count, and the two ways on (cash-rfc §7.2's
 * gated response, applied to help).
 */
export function pageNotice(page: ListingPage): string {
  const lines: string[] = [];
  const first = page.offset + 1;
  const last = page.offset + page.shown;
  const range = page.shown === 0 ? 'none shown' : `showing ${first}-${last}`;
  if (page.query !== undefined) {
    lines.push(
      `Matching ${JSON.stringify(page.query)}: ${entries(page.total)} of ${page.unfiltered.toLocaleString('en-US')}, best first${page.gatedAt === undefined && page.offset === 0 ? '' : `; ${range}`}.`,
    );
  }
  if (page.gatedAt !== undefined) {
    if (page.query === undefined) {
      lines.push(
        `**Gated:** this listing has ${entries(page.total)}, more than one help answer holds (${page.gatedAt.toLocaleString('en-US')} tokens); ${range}.`,
      );
    }
    const ways = [`- Narrow it: ${helpCall(page, { query: page.query ?? '<words>' })}`];
    if (last < page.total) {
      const next =
        page.query === undefined ? { offset: last } : { query: page.query, offset: last };
      ways.push(`- Read on: ${helpCall(page, next)}`);
    }
    lines.push('', 'To see more, either:', ...ways);
  }
  return lines.join('\n');
}

/** The ready-to-paste call of an example. */
export function exampleCall(namespace: string, name: string, kwargs: unknown): string {
  const head = formatInvocation('call', { namespace, function: name });
  return `${head.slice(0, -1)}, kwargs=${JSON.stringify(kwargs)})`;
}

function functionMarkdown(view: FunctionView): string {
  const title = view.namespace === '' ? view.name : `${view.namespace}.${view.name}`;
  const sections = [`# ${title}`, view.description, '## Parameters'];
  if (view.parameters.length === 0 && view.hiddenParameters === 0) {
    sections.push('None.');
  } else if (view.parameters.length > 0) {
    const rows = view.parameters.map(
      (row) =>
        `| ${cell(row.name)} | ${cell(row.type)} | ${row.required ? 'yes' : 'no'} | ${cell(row.description)} |`,
    );
    sections.push(
      [
        '| Name | Type | Required | Description |',
        '|------|------|----------|-------------|',
        ...rows,
      ].join('\n'),
    );
  }
  if (view.returns !== undefined) sections.push('## Returns', view.returns);
  if (view.examples !== undefined && view.examples.length > 0) {
    const lines = view.examples.map((example) => {
      const call = `\`${exampleCall(view.namespace, view.name, example.kwargs)}\``;
      return example.description === undefined ? `- ${call}` : `- ${example.description}: ${call}`;
    });
    sections.push('## Examples', lines.join('\n'));
  }
  const more: string[] = [];
  if (view.hiddenParameters > 0) {
    more.push(`Additional parameters (${view.hiddenParameters}) available with \`params="full"\`.`);
  }
  if (view.exampleCount > 0 && view.examples === undefined) {
    more.push('Examples available with `examples=true`.');
  }
  if (more.length > 0) sections.push(more.join(' '));
  return sections.join('\n\n');
}

/**
 * Renders a help view as markdown; `ignored` adds a closing note on ignored arguments.
 *
 * @see cash-rfc §4.2, §6.1, §7.3
 */
export function renderHelpMarkdown(view: HelpView, ignored: readonly string[]): string {
  let text: string;
  if (view.kind === 'function') {
    text = functionMarkdown(view);
  } else if (view.kind === 'index') {
    const sections: string[] = [];
    if (view.namespaces.length > 0 || view.functions.length === 0) {
      sections.push(
        '# Available Namespaces',
        view.namespaces.length > 0 ? listing(view.namespaces) : 'None.',
      );
    }
    if (view.functions.length > 0) {
      sections.push(
        view.namespaces.length > 0 ? '## Functions (root namespace)' : '# Functions',
        listing(view.functions),
      );
    }
    const argumentsLine = HELP_ARGUMENTS.map((entry) => `\`${entry.name}\` (${entry.values})`).join(
      ', ',
    );
    sections.push(`Supported arguments: ${argumentsLine}.`);
    if (view.gateThreshold !== undefined) {
      sections.push(
        `Gate threshold: ${view.gateThreshold.toLocaleString('en-US')} characters; larger \`call\` responses are gated (pass \`sizelimit\` to change it per call).`,
      );
    }
    if (view.page !== undefined) sections.splice(0, 0, pageNotice(view.page));
    text = sections.join('\n\n');
  } else {
    const sections = [`# ${view.namespace}`];
    if (view.page !== undefined) sections.push(pageNotice(view.page));
    if (view.namespaces.length > 0) sections.push('## Sub-namespaces', listing(view.namespaces));
    if (view.functions.length > 0) sections.push('## Functions', listing(view.functions));
    if (view.namespaces.length === 0 && view.functions.length === 0 && view.page === undefined) {
      sections.push('No functions.');
    }
    text = sections.join('\n\n');
  }
  if (ignored.length === 0) return text;
  return `${text}\n\n_Ignored arguments: ${ignored.map((name) => `\`${name}\``).join(', ')}._`;
}
