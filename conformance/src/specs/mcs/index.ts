/**
 * The `mcs` spec: what a Model Context Standard driver owes its client. Drivers are libraries,
 * so it checks a driver module loaded in process (`x-conformance --driver MODULE`), not a
 * server.
 *
 * @module
 */

import type { DriverSpecDefinition } from '../../driver/driver-check.js';
import { capabilityFlagsCheck, capabilityResultsCheck } from './checks/capabilities.js';
import {
  driverMetaCheck,
  mandatoryMethodsCheck,
  noMandatoryParameterCheck,
  specVersionCheck,
} from './checks/contract.js';
import {
  formatGuidanceCheck,
  functionDescriptionCheck,
  standardFormatCheck,
  staticDescriptionCheck,
  systemMessageCheck,
} from './checks/description.js';
import {
  executeCheck,
  fencedJsonCheck,
  jsonInProseCheck,
  nearJsonCheck,
  rawResultCheck,
  severalCallsCheck,
  toolCallShapesCheck,
} from './checks/processing.js';
import { hostileInputCheck, noCallCheck, validateInputCheck } from './checks/refusals.js';
import { mcsDefects } from './defects.js';
import { mcsRequirements } from './requirements.js';

/** The `mcs` spec; it applies to every driver target. */
export const mcsSpec: DriverSpecDefinition = {
  name: 'mcs',
  description:
    'Model Context Standard drivers: metadata, description, system message, processing of model outputs, capabilities.',
  requirements: mcsRequirements,
  checks: [
    mandatoryMethodsCheck,
    driverMetaCheck,
    functionDescriptionCheck,
    staticDescriptionCheck,
    standardFormatCheck,
    systemMessageCheck,
    formatGuidanceCheck,
    executeCheck,
    rawResultCheck,
    fencedJsonCheck,
    jsonInProseCheck,
    noCallCheck,
    validateInputCheck,
    hostileInputCheck,
    severalCallsCheck,
    toolCallShapesCheck,
    nearJsonCheck,
    noMandatoryParameterCheck,
    capabilityFlagsCheck,
    capabilityResultsCheck,
    specVersionCheck,
  ],
  defects: mcsDefects,
};
