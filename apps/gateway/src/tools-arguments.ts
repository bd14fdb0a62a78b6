/**
 * The command line of `x-gateway tools quarantined` and `x-gateway tools approve`.
 *
 * @module
 */

import { parseSessionStoreArgument, type SessionStoreConfig } from '@x/core/sessions';

/** One tool named on the command line as `<server>/<tool>`. */
export interface ToolTarget {
  /** The server name (never holds `/`). */
  server: string;
  /** The tool name as the upstream lists it (may hold `/`). */
  tool: string;
}

/** What `x-gateway tools ...` asks for. */
export type ToolsCommand =
  | {
      kind: 'tools-quarantined';
      /** The mcpServers file. */
      configPath: string;
      /** `--session-store`; `undefined` leaves it to the configuration file. */
      sessionStore: SessionStoreConfig | undefined;
    }
  | {
      kind: 'tools-approve';
      /** The mcpServers file. */
      configPath: string;
      /** `--session-store`; `undefined` leaves it to the configuration file. */
      sessionStore: SessionStoreConfig | undefined;
      /** The tools to approve, or `all` for every quarantined one (`--all`). */
      targets: readonly ToolTarget[] | 'all';
    };

/** The flag values `tools` reads, as `parseArgs` returns them. */
export interface ToolsFlags {
  config: string;
  'session-store'?: string | undefined;
  all?: boolean | undefined;
}

/**
 * Parses what follows `x-gateway tools`. Returns a message for a mistake (the caller throws
 * its usage error with it).
 */
export function parseToolsArguments(
  rest: readonly string[],
  flags: ToolsFlags,
): ToolsCommand | string {
  const [action, ...names] = rest;
  let sessionStore: SessionStoreConfig | undefined;
  try {
    sessionStore =
      flags['session-store'] === undefined
        ? undefined
        : parseSessionStoreArgument(flags['session-store']);
  } catch (error) {
    return `--session-store: ${(error as Error).message}`;
  }
  const base = { configPath: flags.config, sessionStore };
  if (action === 'quarantined') {
    if (names.length > 0 || flags.all !== undefined) return 'tools quarantined takes no argument';
    return { kind: 'tools-quarantined', ...base };
  }
  if (action !== 'approve') {
    return action === undefined
      ? 'tools needs quarantined or approve'
      : `unknown tools command ${JSON.stringify(action)}`;
  }
  if (flags.all === true) {
    if (names.length > 0) return 'tools approve takes <server>/<tool> names or --all, not both';
    return { kind: 'tools-approve', ...base, targets: 'all' };
  }
  if (names.length === 0) return 'tools approve needs <server>/<tool> or --all';
  const targets: ToolTarget[] = [];
  for (const name of names) {
    const slash = name.indexOf('/');
    if (slash <= 0 || slash === name.length - 1) {
      return `expected <server>/<tool>, got ${JSON.stringify(name)}`;
    }
    targets.push({ server: name.slice(0, slash), tool: name.slice(slash + 1) });
  }
  return { kind: 'tools-approve', ...base, targets };
}
