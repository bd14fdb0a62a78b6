import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prefixNamespaceReferences } from '../src/forward.js';
import {
  canonicalKey,
  fillPlaceholders,
  isValidLabel,
  normalizeLabel,
  parseNamespacePath,
  suggestSizeLimit,
  toLabel,
} from '../src/index.js';
import { checkJsonLimits, normalizeKwargs } from '../src/kwargs.js';
import { skillDocument, skillNameOf, skillUriOf } from '../src/skills/skill-document.js';
import { splitFrontmatter, stripExecutableContent } from '../src/skills/skill-files.js';

const labelArbitrary = fc.stringMatching(/^[A-Za-z0-9_]{0,20}[A-Za-z0-9][A-Za-z0-9_]{0,20}$/);

describe('normalization (cash-rfc §5.1, §5.3)', () => {
  it('maps valid labels onto a-z0-9, idempotently', () => {
    fc.assert(
      fc.property(labelArbitrary, (label) => {
        const canonical = normalizeLabel(label);
        expect(canonical).toMatch(/^[a-z0-9]+$/);
        expect(normalizeLabel(canonical)).toBe(canonical);
        expect(canonicalKey(label)).toBe(canonical);
      }),
    );
  });

  it('treats case and underscores as visual sugar only', () => {
    fc.assert(
      fc.property(labelArbitrary, fc.nat(), (label, seed) => {
        const noisy = [...label]
          .map((char, index) => ((seed >> (index % 30)) & 1 ? char.toUpperCase() : `${char}_`))
          .join('');
        expect(normalizeLabel(noisy)).toBe(normalizeLabel(label));
      }),
    );
  });

  it('accepts exactly the labels of letters, digits and underscores with one alphanumeric', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const expected = /^[A-Za-z0-9_]{1,64}$/.test(text) && /[A-Za-z0-9]/.test(text);
        expect(isValidLabel(text)).toBe(expected);
      }),
    );
  });

  it('turns any outside name into a valid label or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (name) => {
        const label = toLabel(name);
        if (label === undefined) expect(name).not.toMatch(/[A-Za-z0-9]/);
        else expect(isValidLabel(label)).toBe(true);
      }),
    );
  });

  it('parses what it formats: dotted paths of valid labels', () => {
    fc.assert(
      fc.property(fc.array(labelArbitrary, { minLength: 1, maxLength: 4 }), (labels) => {
        const parsed = parseNamespacePath(labels.join('.'));
        expect(parsed).toEqual({ ok: true, segments: labels.map(normalizeLabel) });
      }),
    );
  });

  it('rejects paths with empty segments or foreign characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (path) => {
        const valid = path === '' || path.split('.').every((label) => isValidLabel(label));
        expect(parseNamespacePath(path).ok).toBe(valid);
      }),
    );
  });

  it('renames kwargs keys onto parameters by canonical form, exact names first', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(labelArbitrary, { selector: normalizeLabel, maxLength: 6 }),
        (names) => {
          const kwargs = Object.fromEntries(
            names.map((name, index) => [name.toUpperCase(), index]),
          );
          const normalized = normalizeKwargs(kwargs, names);
          expect(normalized).toEqual({
            ok: true,
            kwargs: Object.fromEntries(names.map((name, index) => [name, index])),
          });
        },
      ),
    );
  });
});

describe('gating (cash-rfc §7.2)', () => {
  it('suggests a readable limit above the size with a margin', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (size) => {
        const limit = suggestSizeLimit(size);
        expect(limit).toBeGreaterThanOrEqual(size + 100);
        expect(limit).toBeGreaterThanOrEqual(size * 1.1);
        expect(String(limit).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
      }),
    );
    expect(suggestSizeLimit(48_213)).toBe(54_000);
  });

  it('bounds depth and size without recursion', () => {
    let deep: unknown = 1;
    for (let index = 0; index < 100_000; index += 1) deep = [deep];
    expect(checkJsonLimits(deep, { maxDepth: 64, maxChars: 1e9 })).toBe('depth');
    expect(checkJsonLimits({ a: 'x'.repeat(100) }, { maxDepth: 64, maxChars: 50 })).toBe('size');
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
        expect(checkJsonLimits(value, { maxDepth: 64, maxChars: 1e9 })).toBeUndefined();
      }),
    );
  });
});

describe('texts', () => {
  it('fills every placeholder that has a value and leaves the others', () => {
    fc.assert(
      fc.property(
        fc.array(labelArbitrary, { maxLength: 5 }),
        fc.string({ maxLength: 20 }),
        (names, filler) => {
          const text = names.map((name) => `{{${name}}}`).join(' ');
          const filled = fillPlaceholders(
            text,
            Object.fromEntries(names.map((name) => [name, filler])),
          );
          expect(filled.missing).toEqual([]);
          expect(filled.text).toBe(names.map(() => filler).join(' '));
          expect(fillPlaceholders(text, {}).text).toBe(text);
        },
      ),
    );
  });

  it('prefixes every namespace reference and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), labelArbitrary, (text, prefix) => {
        expect(prefixNamespaceReferences(text, '')).toBe(text);
        const plain = text.replaceAll('namespace', 'ns');
        expect(prefixNamespaceReferences(plain, prefix)).toBe(plain);
      }),
    );
    expect(prefixNamespaceReferences('help(namespace="orders") call(namespace=\'\')', 'shop')).toBe(
      'help(namespace="shop.orders") call(namespace=\'shop\')',
    );
  });

  it('never keeps a line of an executable block', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('bash', 'sh', 'python', 'js', 'ts', 'ruby', 'powershell'),
        fc.array(fc.stringMatching(/^[a-z =();]{0,20}$/), { maxLength: 5 }),
        (language, body) => {
          const marked = body.map((line) => `SECRET${line}`);
          const text = ['before', `\`\`\`${language}`, ...marked, '```', 'after'].join('\n');
          const stripped = stripExecutableContent(text);
          expect(stripped).not.toContain('SECRET');
          expect(stripped.startsWith('before\n')).toBe(true);
          expect(stripped.endsWith('\nafter')).toBe(true);
        },
      ),
    );
  });

  it('splits frontmatter from the body it precedes', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{1,10}$/),
        fc.string({ maxLength: 40 }),
        (value, body) => {
          const split = splitFrontmatter(`---\nname: ${value}\n---\n${body}`, 'test');
          expect(split).toEqual({ data: { name: value }, body });
        },
      ),
    );
  });
});

describe('skill names of the Skills extension (SEP-2640 "Resource Mapping")', () => {
  it('gives every valid label an Agent Skills name that normalizes back to it', () => {
    fc.assert(
      fc.property(labelArbitrary, (label) => {
        const name = skillNameOf(label);
        expect(name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(normalizeLabel((name ?? '').replaceAll('-', '_'))).toBe(normalizeLabel(label));
        expect(skillUriOf('', label)).toBe(`skill://${name}/SKILL.md`);
      }),
    );
  });

  it('writes frontmatter that YAML reads back as the entry (property)', () => {
    fc.assert(
      fc.property(labelArbitrary, fc.string({ minLength: 1, maxLength: 300 }), (label, line) => {
        const description = line.trim() === '' ? 'x' : line;
        const document = skillDocument(
          { namespace: '', name: label, description, own: true, render: async () => '' },
          'Do {{it}}.',
        );
        if (document === undefined) throw new Error('no document');
        const { data } = splitFrontmatter(document.text, 'property');
        expect(data).toEqual(document.frontmatter);
      }),
    );
  });
});
