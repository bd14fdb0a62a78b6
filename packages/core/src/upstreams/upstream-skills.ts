/**
 * The Skills extension (SEP-2640) seen from an upstream's client: `skills/list`, `skills/get`
 * and `resources/directory/read`, each asked only of a server that declared what it needs.
 *
 * @module
 */

import type { Client, RequestOptions, ServerCapabilities } from '@modelcontextprotocol/client';
import {
  type DirectoryResource,
  GetSkillResultSchema,
  ListSkillsResultSchema,
  RESOURCES_DIRECTORY_READ_METHOD,
  ReadResourceDirectoryResultSchema,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
  type Skill,
  skillsCapabilityOf,
} from '@modelcontextprotocol/core/ext/skills';
import { CoreError } from '../errors.js';
import type { Page } from './paginate.js';

/** Whether `capabilities` declare the Skills extension, and with `directoryRead`. */
export function skillsSupport(capabilities: ServerCapabilities | undefined): {
  skills: boolean;
  directoryRead: boolean;
} {
  const extensions = capabilities?.extensions;
  const declared = skillsCapabilityOf(extensions === undefined ? undefined : { extensions });
  return { skills: declared !== undefined, directoryRead: declared?.directoryRead === true };
}

/**
 * The SDK's result schemas with the caching fields optional: they are required at 2026-07-28
 * and absent at 2025-11-25, where the extension is served all the same.
 */
const OPTIONAL_CACHING = { ttlMs: true, cacheScope: true } as const;
const ListSkillsPageSchema = ListSkillsResultSchema.partial(OPTIONAL_CACHING);
const GetSkillSchema = GetSkillResultSchema.partial(OPTIONAL_CACHING);
const DirectoryPageSchema = ReadResourceDirectoryResultSchema.partial(OPTIONAL_CACHING);

/** One page of `skills/list`, parsed by the SDK's schema of the extension. */
export async function fetchSkillsPage(
  client: Client,
  params: { cursor?: string },
  request: RequestOptions,
): Promise<Page<Skill>> {
  const page = await client.request(
    { method: SKILLS_LIST_METHOD, params },
    ListSkillsPageSchema,
    request,
  );
  return { items: page.skills, nextCursor: page.nextCursor };
}

/** `skills/get` for one `SKILL.md` URI. */
export async function fetchSkill(
  client: Client,
  uri: string,
  request: RequestOptions,
): Promise<Skill> {
  const result = await client.request(
    { method: SKILLS_GET_METHOD, params: { uri } },
    GetSkillSchema,
    request,
  );
  return result.skill;
}

/** One page of `resources/directory/read`. */
export async function fetchDirectoryPage(
  client: Client,
  params: { uri: string; cursor?: string },
  request: RequestOptions,
): Promise<Page<DirectoryResource>> {
  const page = await client.request(
    { method: RESOURCES_DIRECTORY_READ_METHOD, params },
    DirectoryPageSchema,
    request,
  );
  return { items: page.resources, nextCursor: page.nextCursor };
}

/**
 * The error for a skills request to a server that did not declare what it needs: the
 * extension for `skills/get`, `directoryRead` for `resources/directory/read` (SEP-2640,
 * "Capability Negotiation": clients MUST NOT send them otherwise).
 */
export function undeclared(upstream: string, operation: string, what: string): CoreError {
  return new CoreError({
    code: 'INVALID_ARGUMENT',
    message: `upstream "${upstream}": ${operation}: the server does not declare ${what}`,
    data: { upstream, operation },
  });
}
