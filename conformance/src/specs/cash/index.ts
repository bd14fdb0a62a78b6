/**
 * The `cash` spec: CaSH servers and aggregators (cash-rfc 0.1.1, "The CaSH Model for MCP Server
 * Design"), checked over MCP, and over HTTP GET for the manifest.
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import {
  mergedHelpCheck,
  mergedSkillsCheck,
  routesCallsCheck,
  uniqueLabelsCheck,
} from './checks/aggregation.js';
import {
  errorsViaMcpCheck,
  invalidArgumentsCheck,
  unknownNameGuidanceCheck,
} from './checks/errors.js';
import { functionDocCheck, oneFunctionCheck } from './checks/function-docs.js';
import {
  fullWhenAccommodatedCheck,
  gatedNoticeCheck,
  gatedSummaryCheck,
  gateEnforcedCheck,
  gatePrecisionCheck,
  narrowDirectiveCheck,
  suggestedLimitCheck,
  suggestedLimitWorksCheck,
  suggestedMarginCheck,
  thresholdAdvertisedCheck,
} from './checks/gating.js';
import {
  argumentsDocumentedCheck,
  markdownDefaultCheck,
  noSkillReferencesCheck,
  unknownArgumentsIgnoredCheck,
  unknownArgumentsToleratedCheck,
} from './checks/help-arguments.js';
import { extensionArgumentsCheck, queryListingCheck } from './checks/help-extension.js';
import {
  distinguishesKindsCheck,
  flatRootCheck,
  indexEntriesCheck,
  indexNoFunctionListsCheck,
  indexNoParametersCheck,
  namespaceEntriesCheck,
  namespaceNoParametersCheck,
  shallowHierarchyCheck,
} from './checks/help-layers.js';
import {
  manifestContentTypeCheck,
  manifestPublishedCheck,
  manifestSchemaCheck,
  serverResourceCheck,
  serverResourceJsonCheck,
} from './checks/manifest.js';
import {
  expressiveNamesCheck,
  identifierCharsetCheck,
  identifierNormalizedCheck,
  kwargsKeysCharsetCheck,
  kwargsKeysNormalizedCheck,
  labelCharsetCheck,
  namespaceNormalizedCheck,
  noCollidingLabelsCheck,
} from './checks/names.js';
import { routesObservedCheck } from './checks/routing.js';
import {
  instructionsCheck,
  placeholdersCheck,
  skillListingCheck,
  textOnlyCheck,
} from './checks/skills.js';
import {
  aggregatorToolsCheck,
  CASH_TOOLS,
  noExtraToolsCheck,
  sizelimitParameterCheck,
  threeToolsCheck,
} from './checks/tools.js';
import { writeNotRepeatedCheck } from './checks/writes.js';
import { cashDefects } from './defects.js';
import { SERVER_RESOURCE_URI } from './manifest.js';
import { cashRequirements } from './requirements.js';
import { listedResourceUris, listedTools } from './tool-list.js';

/**
 * The `cash` spec. Detected when a server lists exactly the tools call, help and skill, or the
 * `cash://server` resource.
 */
export const cashSpec: SpecDefinition = {
  name: 'cash',
  description:
    'CaSH: three tools (call, help, skill), layered help, names, errors, gating, skills, manifest, aggregation.',
  requirements: cashRequirements,
  checks: [
    threeToolsCheck,
    noExtraToolsCheck,
    invalidArgumentsCheck,
    markdownDefaultCheck,
    unknownArgumentsToleratedCheck,
    unknownArgumentsIgnoredCheck,
    argumentsDocumentedCheck,
    extensionArgumentsCheck,
    functionDocCheck,
    flatRootCheck,
    shallowHierarchyCheck,
    distinguishesKindsCheck,
    noSkillReferencesCheck,
    skillListingCheck,
    textOnlyCheck,
    instructionsCheck,
    placeholdersCheck,
    errorsViaMcpCheck,
    unknownNameGuidanceCheck,
    labelCharsetCheck,
    namespaceNormalizedCheck,
    noCollidingLabelsCheck,
    identifierCharsetCheck,
    kwargsKeysCharsetCheck,
    identifierNormalizedCheck,
    kwargsKeysNormalizedCheck,
    expressiveNamesCheck,
    aggregatorToolsCheck,
    mergedHelpCheck,
    routesCallsCheck,
    routesObservedCheck,
    mergedSkillsCheck,
    uniqueLabelsCheck,
    manifestPublishedCheck,
    manifestContentTypeCheck,
    manifestSchemaCheck,
    serverResourceCheck,
    serverResourceJsonCheck,
    indexEntriesCheck,
    indexNoParametersCheck,
    indexNoFunctionListsCheck,
    namespaceEntriesCheck,
    namespaceNoParametersCheck,
    oneFunctionCheck,
    queryListingCheck,
    gateEnforcedCheck,
    gatedNoticeCheck,
    gatedSummaryCheck,
    suggestedLimitCheck,
    suggestedLimitWorksCheck,
    suggestedMarginCheck,
    narrowDirectiveCheck,
    fullWhenAccommodatedCheck,
    writeNotRepeatedCheck,
    gatePrecisionCheck,
    sizelimitParameterCheck,
    thresholdAdvertisedCheck,
  ],
  defects: cashDefects,
  detect: async (context) => {
    const names = (await listedTools(context)).map((tool) => tool.name).sort();
    if (names.join() === [...CASH_TOOLS].sort().join()) return true;
    return (await listedResourceUris(context)).includes(SERVER_RESOURCE_URI);
  },
};
