/**
 * Serves the groups draft (`groups/list`, `groups/get`) on an SDK server from a
 * {@link GroupsSource}.
 *
 * @module
 */

import {
  ProtocolError,
  ProtocolErrorCode,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import {
  GetGroupParamsSchema,
  type GetGroupResult,
  GROUP_NOT_FOUND,
  GROUPS_EXTENSION_ID,
  GROUPS_GET_METHOD,
  GROUPS_LIST_METHOD,
  type Group,
  ListGroupsParamsSchema,
} from './groups.js';

/** Where the groups come from, per request (visibility may differ per caller). */
export interface GroupsSource {
  /** Every top-level group, in a stable order. */
  list(context: ServerContext): Promise<Group[]>;
  /** One group's payload, or `undefined` when there is no group by that name. */
  get(name: string, context: ServerContext): Promise<GetGroupResult | undefined>;
}

/**
 * Declares `io.modelcontextprotocol/groups` (no settings: no `listChanged`) and answers
 * `groups/list` (every group on one page; a cursor is refused with -32602, as nothing handed
 * one out) and `groups/get` (-32002 for an unknown name; a payload with neither instructions
 * nor contents is an internal error, the draft gives it no meaning). Call before `connect`.
 *
 * @see the groups draft (io.modelcontextprotocol/groups, 2026-09-28): "groups/list",
 *   "groups/get", "Extension negotiation"
 */
export function installGroups(server: Server, source: GroupsSource): void {
  server.registerCapabilities({ extensions: { [GROUPS_EXTENSION_ID]: {} } });
  server.setRequestHandler(
    GROUPS_LIST_METHOD,
    { params: ListGroupsParamsSchema },
    async (params, context) => {
      if (params.cursor !== undefined) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          'Invalid cursor: every group is on the first page',
        );
      }
      return { groups: await source.list(context) };
    },
  );
  server.setRequestHandler(
    GROUPS_GET_METHOD,
    { params: GetGroupParamsSchema },
    async (params, context) => {
      const found = await source.get(params.name, context);
      if (found === undefined) {
        throw new ProtocolError(
          GROUP_NOT_FOUND,
          `No group named ${JSON.stringify(params.name.slice(0, 64))}`,
          {
            name: params.name.slice(0, 64),
          },
        );
      }
      if (found.instructions === undefined && found.contents === undefined) {
        throw new ProtocolError(ProtocolErrorCode.InternalError, `group ${params.name} is empty`);
      }
      return { ...found };
    },
  );
}
