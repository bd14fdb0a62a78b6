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
