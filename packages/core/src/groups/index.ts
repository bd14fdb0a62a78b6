/**
 * `@x/core/groups`: the progressive-disclosure groups draft (`io.modelcontextprotocol/groups`,
 * `groups/list` and `groups/get`), experimental, for servers that group their tools.
 *
 * @module
 */

export { clientDeclaresGroups } from './client-support.js';
export {
  GetGroupParamsSchema,
  type GetGroupResult,
  GROUP_NAME_PATTERN,
  GROUP_NOT_FOUND,
  GROUPS_EXTENSION_ID,
  GROUPS_GET_METHOD,
  GROUPS_LIST_METHOD,
  type Group,
  type GroupContents,
  groupNameOf,
  ListGroupsParamsSchema,
  uniqueGroupNames,
} from './groups.js';
export { type GroupsSource, installGroups } from './install-groups.js';
