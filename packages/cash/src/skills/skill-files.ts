/**
 * Skills from Agent Skills `SKILL.md` files, text only: executable content is dropped (§4.3).
 *
 * @module
 */

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { CashError } from '../errors.js';
import { toLabel } from '../names.js';

/** A skill read from a file: its label (from `name`), one-liner and text. */
export interface SkillFile {
  /** The label derived from the frontmatter `name` (or the folder name): `create-order` gives `create_order`. */
  label: string;
  /** The frontmatter `description` (or the first line of text). */
  description: string;
  /** The markdown body without executable content. */
  text: string;
}

/** Code block languages kept: data and prose. Every other fenced block is dropped. */
const TEXT_LANGUAGES: ReadonlySet<string> = new Set([
  '',
  'text',
  'txt',
  'plaintext',
  'markdown',
  'md',
  'json',
  'jsonc',
  'json5',
  'yaml',
  'yml',
  'toml',
  'csv',
  'tsv',
  'xml',
]);

/** What replaces a dropped block. */
export const OMITTED_NOTE = '_(executable content omitted)_';

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;

/**
 * Drops executable content from skill markdown: fenced code blocks whose language is not a
 * data or prose language (`bash`, `python`, `js`, ...), and HTML `<script>` elements. Each
 * dropped part becomes {@link OMITTED_NOTE}; an unclosed block is dropped to the end.
 *
 * @see cash-rfc §4.3 (CaSH skills MUST NOT include executable code)
 */
export function stripExecutableContent(markdown: string): string {
  const lines = markdown.replace(/<script\b[\s\S]*?(<\/script\s*>|$)/gi, OMITTED_NOTE).split('\n');
  const kept: string[] = [];
  let fence: { marker: string; drop: boolean } | undefined;
  for (const line of lines) {
    if (fence === undefined) {
      const open = FENCE.exec(line);
      if (open === null) {
        kept.push(line);
        continue;
      }
      const marker = open[1] ?? '```';
      const drop = !TEXT_LANGUAGES.has((open[2] ?? '').toLowerCase());
      fence = { marker, drop };
      kept.push(drop ? OMITTED_NOTE : line);
      continue;
    }
    const trimmed = line.trim();
    const closes =
      trimmed.length >= fence.marker.length &&
      trimmed === (fence.marker[0] ?? '`').repeat(trimmed.length);
    if (!fence.drop) kept.push(line);
    if (closes) fence = undefined;
  }
  return kept.join('\n');
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** A markdown document split into its YAML frontmatter (parsed) and body. */
export interface SplitDocument {
  /** The frontmatter object (`{}` when there is none). */
  data: Record<string, unknown>;
  /** The text after the frontmatter. */
  body: string;
}

/**
 * Splits `---` YAML frontmatter from a markdown document.
 *
 * @throws CashError `SKILL_FILE_INVALID` when the frontmatter is not a YAML mapping.
 */
export function splitFrontmatter(text: string, source: string): SplitDocument {
  const match = FRONTMATTER.exec(text);
  if (match === null) return { data: {}, body: text };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new CashError({
      code: 'SKILL_FILE_INVALID',
      message: `${source}: the frontmatter is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
      cause: error,
    });
  }
  if (data !== null && (typeof data !== 'object' || Array.isArray(data))) {
    throw new CashError({
      code: 'SKILL_FILE_INVALID',
      message: `${source}: the frontmatter must be a YAML mapping`,
    });
  }
  return { data: (data ?? {}) as Record<string, unknown>, body: text.slice(match[0].length) };
}

function firstTextLine(body: string): string {
  const line = body
    .split('\n')
    .map((entry) => entry.trim())
    .find((entry) => entry !== '' && !entry.startsWith('#'));
  return line ?? '';
}

/**
 * Reads one `SKILL.md` text into a {@link SkillFile}; `fallbackName` (the folder name) is used
 * when the frontmatter has no `name`.
 *
 * @throws CashError `SKILL_FILE_INVALID` for bad frontmatter or a name with no letters or digits.
 */
export function parseSkillFile(text: string, fallbackName: string, source: string): SkillFile {
  const { data, body } = splitFrontmatter(text, source);
  const name = typeof data.name === 'string' && data.name.trim() !== '' ? data.name : fallbackName;
  const label = toLabel(name);
  if (label === undefined) {
    throw new CashError({
      code: 'SKILL_FILE_INVALID',
      message: `${source}: the skill name ${JSON.stringify(name.slice(0, 80))} has no letters or digits`,
    });
  }
  const clean = stripExecutableContent(body).trim();
  const description =
    typeof data.description === 'string' && data.description.trim() !== ''
      ? data.description.trim().replace(/\s+/g, ' ')
      : firstTextLine(clean) || label;
  return { label, description, text: clean };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Reads the skills of a folder: `folder/SKILL.md` itself, or else every `folder/<name>/SKILL.md`
 * (sorted by folder name). Only `SKILL.md` is read: bundled `scripts/`, `assets/` and other
 * files are ignored, and executable blocks are stripped from the text.
 *
 * @throws CashError `SKILL_FILE_INVALID` when the folder cannot be read or a file is invalid.
 * @see cash-rfc §4.3
 */
export async function loadSkillFolder(folder: string): Promise<SkillFile[]> {
  const single = join(folder, 'SKILL.md');
  const files: Array<[string, string]> = [];
  try {
    if (await isFile(single)) {
      files.push([single, folder.split(/[\\/]/).filter(Boolean).at(-1) ?? 'skill']);
    } else {
      const entries = await readdir(folder, { withFileTypes: true });
      const names = entries
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
      for (const name of names) {
        const path = join(folder, name, 'SKILL.md');
        if (await isFile(path)) files.push([path, name]);
      }
    }
  } catch (error) {
    throw new CashError({
      code: 'SKILL_FILE_INVALID',
      message: `cannot read skill folder ${folder}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      cause: error,
    });
  }
  const skills: SkillFile[] = [];
  for (const [path, name] of files) {
    const text = await readFile(path, 'utf8');
    skills.push(parseSkillFile(text, name, path));
  }
  return skills;
}
