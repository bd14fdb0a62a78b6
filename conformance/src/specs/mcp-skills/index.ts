/**
 * The `mcp-skills` spec: the MCP Skills extension (SEP-2640) on a server that declares it,
 * checked wherever `mcp-base` is; a server that does not declare it gets not-applicable.
 *
 * @module
 */

import type { SpecDefinition } from '../../spec.js';
import { digestCheck, frontmatterCheck } from './checks/content.js';
import { directoryReadCheck } from './checks/directory.js';
import { getEntryCheck, getUnknownCheck } from './checks/get.js';
import {
  listCacheHintsCheck,
  listResultCheck,
  nameSegmentCheck,
  resourcesCompleteCheck,
} from './checks/listing.js';
import { resourceMetadataCheck } from './checks/resource-metadata.js';
import { mcpSkillsDefects } from './defects.js';
import { mcpSkillsRequirements } from './requirements.js';

/** The `mcp-skills` spec; it extends `mcp-base` in both eras. */
export const mcpSkillsSpec: SpecDefinition = {
  name: 'mcp-skills',
  description:
    'MCP Skills extension (SEP-2640): skills/list, skills/get, skill URIs, file digests, frontmatter, directory reads.',
  requirements: mcpSkillsRequirements,
  checks: [
    listResultCheck,
    listCacheHintsCheck,
    nameSegmentCheck,
    resourcesCompleteCheck,
    digestCheck,
    frontmatterCheck,
    getEntryCheck,
    getUnknownCheck,
    directoryReadCheck,
    resourceMetadataCheck,
  ],
  defects: mcpSkillsDefects,
  extends: 'mcp-base',
  detect: async () => true,
};
