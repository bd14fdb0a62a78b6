/**
 * Runs the driver specs against one driver target.
 *
 * @module
 */

import type { DriverSpecDefinition } from '../driver/driver-check.js';
import type { DriverTargetDefinition } from '../driver/driver-target.js';
import { ConformanceError, describeError } from '../errors.js';
import type { RequirementResult, TargetReport } from '../report/report.js';
import { DriverResources } from './driver-resources.js';
import { type RunSpecSettings, runSpec } from './run-spec.js';

/**
 * Loads the target's driver, runs `specs` against it and closes the driver.
 *
 * @throws ConformanceError `TARGET_START_FAILED` when the module cannot be loaded.
 */
export async function runDriverTarget(
  definition: DriverTargetDefinition,
  specs: readonly DriverSpecDefinition[],
  settings: RunSpecSettings,
): Promise<TargetReport> {
  const resources = new DriverResources(definition, settings.timeoutMs);
  try {
    await resources.driver().catch((error: unknown) => {
      throw new ConformanceError({
        code: 'TARGET_START_FAILED',
        message: `target "${definition.name}" could not be started: ${describeError(error)}`,
        cause: error,
      });
    });
    const results: RequirementResult[] = [];
    for (const spec of specs) {
      results.push(...(await runSpec(spec, definition.name, resources, settings)));
    }
    return { target: definition.name, specs: specs.map((spec) => spec.name), results };
  } finally {
    await resources.close();
  }
}
