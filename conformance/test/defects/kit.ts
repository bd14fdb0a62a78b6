/**
 * The fixture side of the defect tables: how one spec's fixture is started with a defect.
 * `test/defects.test.ts` runs every row of every spec's table through its kit.
 */

import type { DriverTargetDefinition } from '../../src/driver/driver-target.js';
import type { Era } from '../../src/era/era.js';
import type { RunConformanceOptions, TargetDefinition } from '../../src/index.js';

/** A target the runner checks: a server or a driver. */
export type KitTarget = TargetDefinition | DriverTargetDefinition;

/** How the rows of one spec's defect table reach its fixture. */
export interface DefectKit {
  /** Starts what the rows share (a fixture process that serves every defect over HTTP). */
  start?(): Promise<void>;
  /** Stops what `start` started. */
  close?(): Promise<void>;
  /**
   * The fixture in `setup` (undefined: the spec's default) with `defect` switched on; `key`
   * names the run, unique among concurrent ones (for fixtures that keep state per caller).
   */
  target(setup: string | undefined, defect: string, key: string): KitTarget;
  /**
   * The good fixture a row's check must not fail on, in `setup` (default: `target` with the
   * defect `none`).
   */
  good?(setup: string | undefined, key: string): KitTarget;
  /**
   * The eras a row of `setup` is checked in, each in a run of its own (undefined: one run, in
   * the era `auto` picks).
   */
  eras?(setup: string | undefined): readonly Era[] | undefined;
  /** Options every run of the kit gets. */
  readonly options?: Pick<RunConformanceOptions, 'specs' | 'profiles' | 'timeoutMs'>;
}

/** A run key as a URL- and header-safe word. */
export function safeKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9.-]+/gu, '-');
}
