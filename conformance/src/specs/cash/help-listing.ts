/**
 * Reads a `help()` or `help(namespace)` answer into its entries, from markdown (the RFC's
 * default, cash-rfc §4.2) or from JSON (`{"namespaces": [...], "functions": [...]}`).
 *
 * Markdown entries are list items at the left margin: `- **name** — description` (also
 * `` `name` ``, a bare first word, `*`, `+` or `1.` bullets, and `—`, `–`, `-` or `:` as the
 * separator). The nearest heading hints at the kind of an entry: one naming functions, or one
 * naming namespaces. Indented lines after an entry belong to it.
 *
 * @module
 */

import { isRecord } from '../../session/json-rpc.js';

/** What an entry is, when its listing says so. */
export type EntryKind = 'namespace' | 'function';

/** One entry of a listing. */
export interface ListingEntry {
  /** The name as listed. */
  readonly name: string;
  /** The one-line description (empty when none). */
  readonly description: string;
  /** The text that follows the name on its line (a signature, say, then the description). */
  readonly afterName: string;
  /** The kind its heading, JSON key or an inline marker names. */
  readonly hint: EntryKind | undefined;
  /** The section the entry is in (heading text or JSON key); entries of one section share it. */
  readonly section: string;
  /** Indented lines that follow the entry (nested items, wrapped text). */
  readonly continuation: readonly string[];
  /** Keys of a JSON entry besides `name` and `description`. */
  readonly extraKeys: readonly string[];
}

/** A listing answer, read. */
export interface HelpListing {
  /** How the answer was written. */
  readonly format: 'markdown' | 'json';
  /** The entries, in order. */
  readonly entries: readonly ListingEntry[];
  /** Headings (markdown) or top-level keys (JSON). */
  readonly headings: readonly string[];
  /** Markdown table rows. */
  readonly tableRows: number;
  /** The parsed JSON value, for JSON answers. */
  readonly json: Readonly<Record<string, unknown>> | undefined;
}

/** The kind a heading or marker names, if any. */
export function kindNamedBy(text: string): EntryKind | undefined {
  if (/\bfunctions?\b/i.test(text)) return 'function';
  if (/\b(?:sub-?)?namespaces?\b/i.test(text)) return 'namespace';
  return undefined;
}

/** An inline kind marker right after the name: `(namespace)`, `[function]`, a trailing `/`. */
function inlineHint(afterName: string): EntryKind | undefined {
  const marker = /^\s*[([]\s*(sub-?namespace|namespace|function)\s*[)\]]/i.exec(afterName);
  if (marker?.[1] !== undefined) return /function/i.test(marker[1]) ? 'function' : 'namespace';
  return undefined;
}

/** Parses the JSON object of a JSON answer, or undefined when the text is not one. */
export function parseJsonObject(text: string): Readonly<Record<string, unknown>> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(trimmed) as unknown;
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const JSON_SECTIONS: readonly { key: string; kind: EntryKind }[] = [
  { key: 'namespaces', kind: 'namespace' },
  { key: 'functions', kind: 'function' },
];

function jsonListing(json: Readonly<Record<string, unknown>>): HelpListing {
  const entries: ListingEntry[] = [];
  for (const { key, kind } of JSON_SECTIONS) {
    const items = json[key];
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const record = isRecord(item) ? item : {};
      const name =
        typeof item === 'string' ? item : typeof record.name === 'string' ? record.name : '';
      const description = typeof record.description === 'string' ? record.description : '';
      entries.push({
        name,
        description,
        afterName: description,
        hint: kind,
        section: key,
        continuation: description.includes('\n') ? description.split('\n').slice(1) : [],
        extraKeys: Object.keys(record).filter(
          (field) => field !== 'name' && field !== 'description',
        ),
      });
    }
  }
  return { format: 'json', entries, headings: Object.keys(json), tableRows: 0, json };
}

const HEADING = /^#{1,6}\s+(.*?)\s*#*\s*$/;
const BULLET = /^(?:[-*+]|\d+[.)])\s+(.*)$/;
const SEPARATOR = /^\s*(?:—|–|-{1,2}|:)\s*/;

/** The name and the rest of a list item's text. */
export function splitEntryText(text: string): { name: string; afterName: string } {
  const emphasized = /^(\*\*|__|`)(.+?)\1/.exec(text);
  if (emphasized?.[2] !== undefined) {
    return { name: emphasized[2].trim(), afterName: text.slice(emphasized[0].length) };
  }
  const word = /^[^\s—–:]+/.exec(text);
  const name = word?.[0] ?? '';
  return { name, afterName: text.slice(name.length) };
}

/** The description in the text after a name: what follows the separator. */
function descriptionOf(afterName: string): string {
  const separated = SEPARATOR.exec(afterName);
  if (separated !== null) return afterName.slice(separated[0].length).trim();
  const marker = /^\s*[([][^)\]]*[)\]]\s*/.exec(afterName);
  if (marker !== null) return descriptionOf(afterName.slice(marker[0].length));
  return afterName.trim();
}

function markdownListing(text: string): HelpListing {
  const entries: ListingEntry[] = [];
  const headings: string[] = [];
  let tableRows = 0;
  let section = '';
  let sectionHint: EntryKind | undefined;
  let open: { entry: Omit<ListingEntry, 'continuation'>; continuation: string[] } | undefined;
  const close = () => {
    if (open !== undefined) entries.push({ ...open.entry, continuation: open.continuation });
    open = undefined;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      close();
      continue;
    }
    if (/^\s+\S/.test(line) && open !== undefined) {
      open.continuation.push(line.trim());
      continue;
    }
    close();
    if (/^\s*\|/.test(line)) {
      tableRows++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading?.[1] !== undefined) {
      section = heading[1];
      sectionHint = kindNamedBy(section);
      headings.push(section);
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet?.[1] === undefined) continue;
    const { name, afterName } = splitEntryText(bullet[1]);
    open = {
      entry: {
        name,
        description: descriptionOf(afterName),
        afterName,
        hint: inlineHint(afterName) ?? sectionHint,
        section,
        extraKeys: [],
      },
      continuation: [],
    };
  }
  close();
  return { format: 'markdown', entries, headings, tableRows, json: undefined };
}

/** Reads a listing answer: JSON when the text is a JSON object, markdown otherwise. */
export function parseHelpListing(text: string): HelpListing {
  const json = parseJsonObject(text);
  return json === undefined ? markdownListing(text) : jsonListing(json);
}
