/**
 * The `mcp-skills` spec: the MCP Skills extension (SEP-2640). Detected on a server that declares
 * the extension; named by `--spec` on one that does not, every check is not-applicable.
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
import { skillsCapability } from './skill-listing.js';

/** The `mcp-skills` spec, in both eras; detected when the server declares the extension. */
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
  detect: async (context) => (await skillsCapability(context)) !== undefined,
};
