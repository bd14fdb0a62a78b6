/**
 * The hidden-instruction detector: every rule over every string of a tool.
 *
 * @module
 */
import type { JsonValue } from '../sessions/session-store.js';
import { authorityTagRule } from './authority-tag-rule.js';
import type { DetectorRule, IntegrityFinding } from './detector-rule.js';
import { instructionPhraseRule } from './instruction-phrase-rule.js';
import { invisibleUnicodeRule } from './invisible-unicode-rule.js';
import type { ToolSnapshot } from './tool-snapshot.js';

/** The rules {@link detectHiddenInstructions} applies, in the order findings are reported. */
export const DETECTOR_RULES: readonly DetectorRule[] = [
  invisibleUnicodeRule,
  authorityTagRule,
  instructionPhraseRule,
];

/**
 * Runs every rule over every string a model reads of the tool: its name, title and
 * description, and every key and string value of its schemas and annotations (parameter
 * descriptions are a favourite hiding place). One finding per rule and field, in a stable
 * order: fields as they are walked (keys sorted), rules in {@link DETECTOR_RULES} order.
 */
export function detectHiddenInstructions(
  tool: ToolSnapshot,
  rules: readonly DetectorRule[] = DETECTOR_RULES,
): IntegrityFinding[] {
  const findings: IntegrityFinding[] = [];
  const look = (field: string, text: string) => {
    for (const rule of rules) {
      const evidence = rule.check(text);
      if (evidence !== undefined) findings.push({ rule: rule.id, field, evidence });
    }
  };
  look('name', tool.name);
  if (tool.title !== undefined) look('title', tool.title);
  if (tool.description !== undefined) look('description', tool.description);
  walk('inputSchema', tool.inputSchema, look);
  if (tool.outputSchema !== undefined) walk('outputSchema', tool.outputSchema, look);
  if (tool.annotations !== undefined) walk('annotations', tool.annotations, look);
  return findings;
}

/** Visits every key and string of a JSON value without recursion, keys in sorted order. */
function walk(root: string, value: JsonValue, look: (field: string, text: string) => void): void {
  const stack: Array<{ path: string; value: JsonValue }> = [{ path: root, value }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      look(item.path, current);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ path: `${item.path}[${index}]`, value: current[index] as JsonValue });
      }
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current).sort();
      for (const key of keys) look(`${item.path} key`, key);
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        const path = /^[A-Za-z_$][\w$]*$/.test(key)
          ? `${item.path}.${key}`
          : `${item.path}[${JSON.stringify(key)}]`;
        stack.push({ path, value: (current as Record<string, JsonValue>)[key] as JsonValue });
      }
    }
  }
}
