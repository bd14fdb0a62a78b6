/**
 * The requirements of the `mcp-skills` spec: what a server that declares the MCP Skills
 * extension (`io.modelcontextprotocol/skills`) owes a host.
 *
 * Source: SEP-2640 (Skills Extension), the revision the MCP TypeScript SDK 2.4 implements, cited
 * by section, in our own words.
 *
 * @module
 */

import type { Requirement } from '../../requirement.js';

/** The source document these requirements cite. */
export const SEP_2640 = 'sep-2640';

/** Every requirement of `mcp-skills`, in report order. */
export const mcpSkillsRequirements: readonly Requirement[] = [
  {
    id: 'skills.list.result',
    spec: SEP_2640,
    section: 'Enumeration via skills/list; Capability Declaration',
    level: 'MUST',
    summary:
      'skills/list answers with a skills array; each entry has a string uri, a frontmatter object with string name and description, and resources: a list of {uri, digest, size} or "dynamic".',
    phrase: 'a declaring server implements skills/list',
  },
  {
    id: 'skills.list.cache-hints',
    spec: SEP_2640,
    section: 'Enumeration via skills/list (list-caching attributes, SEP-2549)',
    level: 'MUST',
    summary:
      'In the 2026-07-28 era every skills/list page carries ttlMs >= 0 and a cacheScope of public or private.',
  },
  {
    id: 'skills.uri.name-segment',
    spec: SEP_2640,
    section: 'Resource Mapping; Frontmatter',
    level: 'MUST',
    summary:
      "An entry's uri ends in /SKILL.md, and the path segment before it equals frontmatter.name, which follows the Agent Skills naming rule (lowercase letters, digits and single hyphens, at most 64 characters).",
  },
  {
    id: 'skills.resources.complete',
    spec: SEP_2640,
    section: 'Resources',
    level: 'MUST',
    summary:
      "An entry's resources list names its own SKILL.md, names each file once, and names only files inside the skill's directory.",
  },
  {
    id: 'skills.resources.digest',
    spec: SEP_2640,
    section: 'Integrity and verification',
    level: 'MUST',
    summary:
      'Every listed file reads through resources/read to bytes whose length is its size and whose SHA-256 is its digest, written sha256: and 64 lowercase hex digits.',
  },
  {
    id: 'skills.frontmatter.identical',
    spec: SEP_2640,
    section: 'Frontmatter; Skill Format',
    level: 'MUST',
    summary:
      "A skill's SKILL.md begins with YAML frontmatter whose content equals the entry's frontmatter, field for field.",
  },
  {
    id: 'skills.get.entry',
    spec: SEP_2640,
    section: 'Retrieval via skills/get',
    level: 'MUST',
    summary:
      "skills/get with a listed skill's uri answers a skill entry equal to the listing's (uri, frontmatter, resources).",
  },
  {
    id: 'skills.get.unknown',
    spec: SEP_2640,
    section: 'Retrieval via skills/get (Semantics)',
    level: 'MUST',
    summary: 'skills/get with a URI that names no skill the server serves gets error -32602.',
  },
  {
    id: 'skills.directory.read',
    spec: SEP_2640,
    section: 'Directory Listing: resources/directory/read',
    level: 'MUST',
    summary:
      'With directoryRead declared, resources/directory/read on a skill directory lists exactly its direct children (subdirectories as inode/directory), and a file URI gets error -32602.',
  },
  {
    id: 'skills.resource-metadata',
    spec: SEP_2640,
    section: 'Resource Metadata',
    level: 'SHOULD',
    summary:
      "A SKILL.md that resources/list names has mimeType text/markdown and the frontmatter's name and description.",
  },
];
