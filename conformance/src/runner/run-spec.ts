/**
 * Runs the checks of one spec against one target, in catalog order.
 *
 * @module
 */

import type { CheckStatus } from '../check.js';
import type { RequirementResult } from '../report/report.js';
import type { Requirement } from '../requirement.js';
import { type CheckResources, type RunnableCheck, runCheck } from './run-check.js';

/** What {@link runSpec} needs of the run. */
export interface RunSpecSettings {
  /** Run only the checks of these requirement ids (all when absent). */
  readonly requirements: ReadonlySet<string> | undefined;
  /**
   * The profiles whose requirements run besides the spec's own (`x-profile`); requirements named
   * in `requirements` run whatever their profile.
   */
  readonly profiles: ReadonlySet<string>;
  /** The default time limit of a check. */
  readonly timeoutMs: number;
  /** Called after each check. */
  readonly onProgress:
    | ((event: { target: string; requirement: string; status: CheckStatus }) => void)
    | undefined;
}

/** A spec of any kind of target, as far as running it goes. */
export interface RunnableSpec<Context> {
  /** The requirements, in report order. */
  readonly requirements: readonly Requirement[];
  /** The checks; each names one of `requirements`. */
  readonly checks: readonly (RunnableCheck<Context> & { readonly requirement: string })[];
}

/**
 * One result per check of `spec`, requirement by requirement in catalog order; a profile's
 * requirements only when `settings.profiles` has it or the run names them by id.
 */
export async function runSpec<Context>(
  spec: RunnableSpec<Context>,
  targetName: string,
  resources: CheckResources<Context>,
  settings: RunSpecSettings,
): Promise<RequirementResult[]> {
  const results: RequirementResult[] = [];
  for (const requirement of spec.requirements) {
    if (settings.requirements === undefined) {
      if (requirement.profile !== undefined && !settings.profiles.has(requirement.profile))
        continue;
    } else if (!settings.requirements.has(requirement.id)) continue;
    for (const check of spec.checks.filter(
      (candidate) => candidate.requirement === requirement.id,
    )) {
      const outcome = await runCheck(check, resources, settings.timeoutMs);
      settings.onProgress?.({
        target: targetName,
        requirement: requirement.id,
        status: outcome.status,
      });
      results.push({
        id: requirement.id,
        spec: requirement.spec,
        section: requirement.section,
        level: requirement.level,
        ...(requirement.profile === undefined ? {} : { profile: requirement.profile }),
        status: outcome.status,
        message: outcome.message,
      });
    }
  }
  return results;
}
