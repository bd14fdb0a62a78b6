/**
 * Checks of the driver contract itself: methods, metadata, spec version, no mandatory
 * driver-specific argument.
 *
 * @module
 */

import { z } from 'zod';
import type { DriverCheck } from '../../../driver/driver-check.js';
import { describeError } from '../../../errors.js';
import { fail, listProblems, pass } from '../../../outcome.js';
import { describeOutcome } from '../observe.js';

/**
 * The methods every driver has. `getDriverSystemMessage` is not among them: mcs §2 says drivers
 * "may also implement" it while §3 lists it in the contract; the catalog takes the weaker reading.
 */
const MANDATORY = ['getFunctionDescription', 'processLlmResponse'] as const;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const UniqueTextsSchema = z
  .array(z.string().min(1, 'must not hold an empty entry'))
  .refine((entries) => new Set(entries).size === entries.length, 'must not repeat an entry');

/**
 * Our reading of `DriverMeta` (mcs §3), written here rather than imported, so the check holds
 * any driver to the spec and not to one SDK. Extra fields are allowed.
 */
const DriverMetaShapeSchema = z.looseObject({
  id: z.string().regex(UUID_PATTERN, 'must be a UUID'),
  prefix: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'must be a name (a letter, then letters, digits, _ or -)')
    .optional(),
  protocol: z.string().trim().min(1, 'must not be empty'),
  transport: z.string().trim().min(1, 'must not be empty'),
  spec_format: z.string().trim().min(1, 'must not be empty'),
  target_llms: UniqueTextsSchema.min(1, 'must name at least one model or "*"'),
  capabilities: UniqueTextsSchema,
});

/** mcs.2.mandatory-methods */
export const mandatoryMethodsCheck: DriverCheck = {
  requirement: 'mcs.2.mandatory-methods',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const missing = MANDATORY.filter((method) => !driver.methods[method]);
    return missing.length === 0
      ? pass('getFunctionDescription and processLlmResponse are methods')
      : fail(`not a method: ${missing.join(', ')}`);
  },
};

/** mcs.3.driver-meta */
export const driverMetaCheck: DriverCheck = {
  requirement: 'mcs.3.driver-meta',
  definedIn: import.meta.url,
  async run(context) {
    const { meta } = await context.driver();
    if (typeof meta !== 'object' || meta === null) return fail('the driver has no meta object');
    const parsed = DriverMetaShapeSchema.safeParse(meta);
    if (!parsed.success) return fail(`meta is not a DriverMeta: ${describeError(parsed.error)}`);
    const { protocol, transport, spec_format } = parsed.data;
    return pass(`${protocol} over ${transport}, described as ${spec_format}`);
  },
};

/** mcs.9.spec-version */
export const specVersionCheck: DriverCheck = {
  requirement: 'mcs.9.spec-version',
  definedIn: import.meta.url,
  async run(context) {
    const { specVersion } = await context.driver();
    return typeof specVersion === 'string' && /^\d+\.\d+\.\d+$/.test(specVersion)
      ? pass(`implements MCS ${specVersion}`)
      : fail(`specVersion is ${JSON.stringify(specVersion) ?? 'missing'}, not MAJOR.MINOR.PATCH`);
  },
};

/** mcs.4.no-mandatory-parameter */
export const noMandatoryParameterCheck: DriverCheck = {
  requirement: 'mcs.4.no-mandatory-parameter',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const problems: string[] = [];
    for (const method of ['getFunctionDescription', 'getDriverSystemMessage'] as const) {
      if (!driver.methods[method]) continue;
      const outcome = await driver.call(method, []);
      if (outcome.status !== 'resolved' || typeof outcome.value !== 'string') {
        problems.push(`${method}() without a model name ${describeOutcome(outcome)}`);
      }
    }
    const processed = await driver.call('processLlmResponse', ['Nothing needs a function here.']);
    if (processed.status !== 'resolved') {
      problems.push(`processLlmResponse(text) alone ${describeOutcome(processed)}`);
    }
    return problems.length === 0
      ? pass('description, message and processing work with the universal arguments only')
      : fail(listProblems(problems));
  },
};
