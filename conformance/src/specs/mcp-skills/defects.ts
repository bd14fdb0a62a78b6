/**
 * The defects of the Skills extension fixture (`test/fixtures/skills/skills-server.mjs --defect
 * NAME`, over stdio), each breaking one requirement, and the failure it causes.
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `mcp-skills`. */
export const mcpSkillsDefects: DefectTable = {
  fixture: 'test/fixtures/skills/skills-server.mjs',
  defects: [
    {
      requirement: 'skills.list.result',
      defect: 'entry-shape',
      failure:
        /^skills\[1\]\.frontmatter\.description is not a string; skills\[1\]\.resources\[0\]\.size is not a whole number of bytes$/,
    },
    {
      requirement: 'skills.list.cache-hints',
      defect: 'no-cache-hints',
      failure: /^page 1: ttlMs is missing; page 1: cacheScope is missing$/,
    },
    {
      requirement: 'skills.uri.name-segment',
      defect: 'name-segment',
      failure:
        /^skill:\/\/acme\/billing\/refund-desk\/SKILL\.md: the last path segment refund-desk is not the name refunds$/,
    },
    {
      requirement: 'skills.resources.complete',
      defect: 'incomplete-resources',
      failure:
        /^skill:\/\/acme\/billing\/refunds\/SKILL\.md: resources does not list its own SKILL\.md$/,
    },
    {
      requirement: 'skills.resources.digest',
      defect: 'stale-digest',
      failure:
        /^skill:\/\/acme\/billing\/refunds\/templates\/email\.md: the bytes read hash to sha256:[0-9a-f]{64}, not the listed sha256:[0-9a-f]{64}; skill:\/\/acme\/billing\/refunds\/templates\/email\.md: \d+ bytes read, not the listed \d+$/,
    },
    {
      requirement: 'skills.frontmatter.identical',
      defect: 'frontmatter-drift',
      failure:
        /^skill:\/\/git-workflow\/SKILL\.md: the listed frontmatter differs from the file's in description$/,
    },
    {
      requirement: 'skills.get.entry',
      defect: 'get-differs',
      failure:
        /^skills\/get skill:\/\/acme\/billing\/refunds\/SKILL\.md differs from its listing entry in resources$/,
    },
    {
      requirement: 'skills.get.unknown',
      defect: 'get-unknown',
      failure:
        /^skills\/get skill:\/\/x-conformance-no-such-skill\/SKILL\.md: error -32603 .*, not -32602$/,
    },
    {
      requirement: 'skills.directory.read',
      defect: 'directory-flat',
      failure:
        /^resources\/directory\/read skill:\/\/acme\/billing\/refunds lacks skill:\/\/acme\/billing\/refunds\/templates \(inode\/directory\); resources\/directory\/read skill:\/\/acme\/billing\/refunds lists skill:\/\/acme\/billing\/refunds\/templates\/email\.md, not a direct child/,
    },
    {
      requirement: 'skills.resource-metadata',
      defect: 'resource-mime',
      failure: /^skill:\/\/git-workflow\/SKILL\.md: mimeType is text\/plain, not text\/markdown$/,
    },
  ],
};
