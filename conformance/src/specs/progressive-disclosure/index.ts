/**
 * The `progressive-disclosure` spec: the MCP extension "Progressive Disclosure for Tool
 * Descriptions" v2.1 (two-stage tool descriptions, the `tool_descriptions` resource and
 * session-based authorization).
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import {
  authorizationChecks,
  noAccessBeyondListingCheck,
  requiredErrorShapeCheck,
} from './checks/authorization.js';
import { systemPromptGuidanceCheck } from './checks/guidance.js';
import { primaryAuthorizationCheck } from './checks/layering.js';
import { readErrorChecks, readingChecks } from './checks/reading.js';
import { resourceListingChecks } from './checks/resource-listing.js';
import { stageOneChecks } from './checks/stage-one.js';
import { stageTwoChecks } from './checks/stage-two.js';
import { progressiveDisclosureDefects } from './defects.js';
import { progressiveDisclosureRequirements } from './requirements.js';
import { findDescriptionsResource } from './resource.js';

/** The `progressive-disclosure` spec; it applies to a server listing a `tool_descriptions` resource or template. */
export const progressiveDisclosureSpec: SpecDefinition = {
  name: 'progressive-disclosure',
  description:
    'Progressive disclosure v2.1: minimal tools/list, the tool_descriptions resource, session grants.',
  requirements: progressiveDisclosureRequirements,
  checks: [
    ...stageOneChecks,
    ...stageTwoChecks,
    ...resourceListingChecks,
    ...readingChecks,
    ...authorizationChecks,
    noAccessBeyondListingCheck,
    primaryAuthorizationCheck,
    ...readErrorChecks,
    requiredErrorShapeCheck,
    systemPromptGuidanceCheck,
  ],
  defects: progressiveDisclosureDefects,
  detect: async (context) => (await findDescriptionsResource(context)) !== undefined,
};
