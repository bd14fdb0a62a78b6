/**
 * Finding a function or skill in a namespace, and the unknown-name errors with their hints.
 *
 * @module
 */

import { nearestNames } from '@x/core/text';
import type { CashError } from './errors.js';
import {
  canonicalKey,
  formatNamespacePath,
  isValidLabel,
  normalizeLabel,
  toLabel,
} from './names.js';
import type { NamespaceNode } from './registry.js';
import { localView, type NamespaceView, type Scope } from './resolve.js';
import { formatInvocation, wireError } from './results.js';

/** How many "it exists elsewhere" hints an unknown-name error gives. */
const MAX_ELSEWHERE = 3;

/** The entry of `entries` named `name` (any spelling of its canonical form), if `name` is valid. */
export function findEntry<T>(entries: Map<string, T>, name: string): T | undefined {
  return isValidLabel(name) ? entries.get(normalizeLabel(name)) : undefined;
}

/** Qualified names of visible local entries elsewhere in the tree with the same canonical name. */
function elsewhere(
  root: NamespaceNode,
  scope: Scope,
  name: string,
  pick: (view: NamespaceView) => Map<string, { label: string }>,
): string[] {
  const wanted = canonicalKey(name.split('.').at(-1) ?? name);
  const found: string[] = [];
  const queue: NamespaceNode[] = [root];
  while (queue.length > 0 && found.length < MAX_ELSEWHERE) {
    const node = queue.shift() as NamespaceNode;
    if (node.mount !== undefined) continue;
    const view = localView(scope, node);
    for (const entry of pick(view).values()) {
      if (canonicalKey(entry.label) === wanted && found.length < MAX_ELSEWHERE) {
        found.push(formatNamespacePath([...node.path, entry.label]));
      }
    }
    queue.push(...view.children.values());
  }
  return found;
}

function hints(nearest: string[], others: string[]): string {
  const near =
    nearest.length > 0 ? ` Nearest: ${nearest.map((name) => `\`${name}\``).join(', ')}.` : '';
  const away =
    others.length > 0 ? ` Found elsewhere: ${others.map((name) => `\`${name}\``).join(', ')}.` : '';
  return near + away;
}

function namespacePhrase(namespace: string): string {
  return namespace === '' ? 'the root namespace' : `namespace \`${namespace}\``;
}

/** What both unknown-name errors say: where, the nearest visible names, and where else it is. */
interface UnknownNameHints {
  readonly namespace: string;
  readonly shown: string;
  readonly nearest: string[];
  readonly others: string[];
  readonly phrase: string;
}

function unknownNameHints(
  name: string,
  view: NamespaceView,
  root: NamespaceNode,
  scope: Scope,
  pick: (view: NamespaceView) => Map<string, { label: string }>,
): UnknownNameHints {
  const namespace = formatNamespacePath(view.path);
  const labels = [...pick(view).values()].map((entry) => entry.label);
  const nearest = nearestNames(toLabel(name) ?? name, labels, { key: canonicalKey });
  const others = elsewhere(root, scope, name, pick);
  const shown = name.slice(0, 100);
  return { namespace, shown, nearest, others, phrase: namespacePhrase(namespace) };
}

/**
 * The `UNKNOWN_FUNCTION` error for `name` in `view`: nearest visible names, the same name in
 * other visible namespaces, and the `help(namespace)` call to make.
 */
export function unknownFunction(
  name: string,
  view: NamespaceView,
  root: NamespaceNode,
  scope: Scope,
): CashError {
  const found = unknownNameHints(name, view, root, scope, (candidate) => candidate.functions);
  const { namespace, shown, nearest } = found;
  const others = found.others.filter(
    (qualified) => qualified !== (namespace === '' ? name : `${namespace}.${name}`),
  );
  const helpCall = formatInvocation('help', { namespace });
  return wireError(
    'UNKNOWN_FUNCTION',
    `No function \`${shown}\` in ${found.phrase}.${hints(nearest, others)} Use \`${helpCall}\` to see available functions.`,
    { namespace, function: shown, nearest, elsewhere: others, help: helpCall },
  );
}

/** The `UNKNOWN_SKILL` error for `name` in `view`, pointing at `skill()` to list skills. */
export function unknownSkill(
  name: string,
  view: NamespaceView,
  root: NamespaceNode,
  scope: Scope,
): CashError {
  const found = unknownNameHints(name, view, root, scope, (candidate) => candidate.skills);
  const { namespace, shown, nearest, others } = found;
  const listCall = formatInvocation('skill', { namespace });
  return wireError(
    'UNKNOWN_SKILL',
    `No skill \`${shown}\` in ${found.phrase}.${hints(nearest, others)} Use \`skill()\` to list the skills.`,
    { namespace, skillname: shown, nearest, elsewhere: others, help: listCall },
  );
}
