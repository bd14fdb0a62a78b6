/**
 * `x-conformance --list-targets`: the reference targets, as text or JSON.
 *
 * @module
 */

import { referenceDriverTargets, referenceTargets } from '../targets.js';

/** One reference target as listed: its name, whether it is a server or a driver, its specs. */
export interface ListedTarget {
  /** The name `--target` accepts (a hyphen also matches a space). */
  readonly name: string;
  /** `server` (spoken to over MCP) or `driver` (an MCS driver module checked in process). */
  readonly kind: 'server' | 'driver';
  /** The specs it is checked against; `detected` when each spec decides by probing. */
  readonly specs: readonly string[] | 'detected';
}

/** Every reference target, servers first, in run order. */
export function listTargets(): ListedTarget[] {
  return [
    ...referenceTargets.map((target) => ({
      name: target.name,
      kind: 'server' as const,
      specs: target.specs ?? ('detected' as const),
    })),
    ...referenceDriverTargets.map((target) => ({
      name: target.name,
      kind: 'driver' as const,
      specs: target.specs ?? ('detected' as const),
    })),
  ];
}

/** The target list as aligned text (`name  kind  specs`) or as a JSON array, newline-ended. */
export function formatTargetList(format: 'text' | 'json' | 'junit'): string {
  const targets = listTargets();
  if (format === 'json') return `${JSON.stringify(targets, null, 2)}\n`;
  const width = Math.max(...targets.map((target) => target.name.length));
  return targets
    .map((target) => {
      const specs = target.specs === 'detected' ? 'detected' : target.specs.join(', ');
      return `${target.name.padEnd(width)}  ${target.kind.padEnd(6)}  ${specs}\n`;
    })
    .join('');
}
