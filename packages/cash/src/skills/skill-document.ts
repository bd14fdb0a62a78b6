/**
 * A CaSH skill as an Agent Skills `SKILL.md` for the Skills extension (SEP-2640): its name,
 * URI, frontmatter and bytes, with the digest and size the extension publishes.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { normalizeLabel } from '../names.js';
import { formatInvocation } from '../results.js';
import type { CollectedSkill } from './collect-skills.js';
import { placeholderNames } from './placeholders.js';

/** The Agent Skills name rule the extension requires of the last path segment. */
const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest frontmatter `description` Agent Skills allows, in characters. */
const MAX_DESCRIPTION = 1024;

/** A skill as one `SKILL.md` file. */
export interface SkillDocument {
  /** `skill://<namespace segments>/<name>/SKILL.md`. */
  uri: string;
  /** The frontmatter, as written into the file. */
  frontmatter: { name: string; description: string; metadata?: Record<string, string> };
  /** The whole file. */
  text: string;
  /** `sha256:` and the hex digest of the file's UTF-8 bytes. */
  digest: string;
  /** The file's length in bytes. */
  size: number;
}

/**
 * The Agent Skills name of a CaSH label: lowercased, each run of underscores a hyphen, none at
 * either end (`create_order` gives `create-order`). `undefined` when that breaks the naming
 * rule (a label can only do so by having nothing but underscores).
 *
 * Law: labels equal under cash-rfc §5.3 normalization that are also equal here stay equal;
 * the name normalizes back to the label (`normalizeLabel(name.replaceAll('-', '_'))`).
 */
export function skillNameOf(label: string): string | undefined {
  const name = label
    .toLowerCase()
    .replace(/_+/g, '-')
    .replace(/^-+|-+$/g, '');
  return SKILL_NAME.test(name) ? name : undefined;
}

/**
 * The URI of a skill's `SKILL.md`: its namespace path in canonical labels (cash-rfc §5.1),
 * then its name. `undefined` when the label gives no skill name.
 *
 * @see SEP-2640 (Skills extension, stable revision for 2026-07-28), "Resource Mapping"
 */
export function skillUriOf(namespace: string, label: string): string | undefined {
  const name = skillNameOf(label);
  if (name === undefined) return undefined;
  const segments = namespace === '' ? [] : namespace.split('.').map(normalizeLabel);
  return `skill://${[...segments, name].join('/')}/SKILL.md`;
}

/** A skill's one-liner as its frontmatter `description`: cut to 1,024 characters (Agent Skills). */
export function skillDescriptionOf(description: string): string {
  const characters = [...description];
  return characters.length <= MAX_DESCRIPTION
    ? description
    : `${characters.slice(0, MAX_DESCRIPTION - 3).join('')}...`;
}

function frontmatterText(frontmatter: SkillDocument['frontmatter']): string {
  // Quoted scalars are JSON strings, which YAML reads as the same strings.
  const lines = [
    '---',
    `name: ${JSON.stringify(frontmatter.name)}`,
    `description: ${JSON.stringify(frontmatter.description)}`,
  ];
  if (frontmatter.metadata !== undefined) {
    lines.push('metadata:');
    for (const [key, value] of Object.entries(frontmatter.metadata)) {
      lines.push(`  ${key}: ${JSON.stringify(value)}`);
    }
  }
  lines.push('---');
  return lines.join('\n');
}

function inputsNote(skill: CollectedSkill, inputs: readonly string[]): string {
  const invocation = formatInvocation('skill', {
    namespace: skill.namespace,
    skillname: skill.name,
  }).replace(/\)$/, ', kwargs={...})');
  const listed = inputs.map((input) => `\`{{${input}}}\``).join(', ');
  return `_Inputs: ${listed}. Put in the values yourself, or get this skill with them filled in from \`${invocation}\`._`;
}

/**
 * The `SKILL.md` of a skill whose text is `text` (what {@link CollectedSkill.render} gave):
 * frontmatter with the skill's name and one-liner, then the text as `skill()` shows it without
 * kwargs. The extension carries no inputs, so `{{placeholders}}` stay as written; they are
 * named in `metadata.inputs` and in a closing line that points at `skill()`, which fills them.
 * `undefined` when the label gives no skill name.
 *
 * @see cash-rfc §4.3 (kwargs parameterize the text), SEP-2640 "Frontmatter"
 */
export function skillDocument(skill: CollectedSkill, text: string): SkillDocument | undefined {
  const uri = skillUriOf(skill.namespace, skill.name);
  const name = skillNameOf(skill.name);
  if (uri === undefined || name === undefined) return undefined;
  const inputs = skill.own ? placeholderNames(text) : [];
  const frontmatter: SkillDocument['frontmatter'] = {
    name,
    description: skillDescriptionOf(skill.description),
    ...(inputs.length === 0 ? {} : { metadata: { inputs: inputs.join(', ') } }),
  };
  const body = skill.own ? [`# ${skill.name}`, text.trim()] : [text.trim()];
  if (inputs.length > 0) body.push(inputsNote(skill, inputs));
  const file = `${frontmatterText(frontmatter)}\n\n${body.join('\n\n')}\n`;
  const bytes = Buffer.from(file, 'utf8');
  return {
    uri,
    frontmatter,
    text: file,
    digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
    size: bytes.byteLength,
  };
}
