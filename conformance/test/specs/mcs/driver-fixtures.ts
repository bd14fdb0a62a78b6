import { pathToFileURL } from 'node:url';
import { createDriverTarget, type DriverTargetDefinition } from '../../../src/index.js';
import { FIXTURES_DIRECTORY } from '../../helpers.js';

/** A driver target loading `test/fixtures/drivers/<file>`. */
export function fixtureDriver(file: string, options?: unknown): DriverTargetDefinition {
  return createDriverTarget({
    name: file,
    module: pathToFileURL(`${FIXTURES_DIRECTORY}drivers/${file}`).href,
    ...(options === undefined ? {} : { options }),
  });
}

/** Each requirement of `mcs` with a check, and the broken fixtures proving the check can fail. */
export const BROKEN_FIXTURES: Readonly<Record<string, readonly string[]>> = {
  'mcs.2.mandatory-methods': ['no-process-method.mjs'],
  'mcs.3.driver-meta': ['bad-meta.mjs'],
  'mcs.3.1.function-description': ['empty-description.mjs'],
  'mcs.3.1.static': ['changing-description.mjs'],
  'mcs.3.1.standard-format': ['prose-description.mjs'],
  'mcs.3.2.system-message': ['message-without-description.mjs'],
  'mcs.3.2.format-guidance': ['bare-message.mjs'],
  'mcs.3.3.execute': ['never-executes.mjs'],
  'mcs.3.3.raw-result': ['formatted-result.mjs'],
  'mcs.3.3.fenced-json': ['bare-json-only.mjs'],
  'mcs.3.3.json-in-prose': ['fence-only.mjs'],
  'mcs.3.3.no-call': ['error-on-no-call.mjs'],
  'mcs.3.3.validate-input': ['ignores-bad-calls.mjs'],
  'mcs.3.3.hostile-input': ['pollutes-prototype.mjs', 'hangs-on-huge-output.mjs'],
  'mcs.3.3.several-calls': ['first-call-only.mjs'],
  'mcs.3.3.tool-call-shapes': ['no-tool-call-shapes.mjs'],
  'mcs.3.3.near-json': ['strict-json-only.mjs'],
  'mcs.4.no-mandatory-parameter': ['needs-model.mjs'],
  'mcs.5.capability-flags': ['undeclared-method.mjs'],
  'mcs.5.capability-results': ['bad-capability-results.mjs'],
  'mcs.9.spec-version': ['no-spec-version.mjs'],
};
