/**
 * Validation of an `mcpServers` value already read from somewhere.
 *
 * @module
 */
import { CoreError } from '../errors.js';
import { type ConfigProblem, describeConfigIssues, formatConfigProblem } from './config-issues.js';
import { type McpServersConfig, McpServersConfigSchema } from './config-schema.js';

/** How many problems the message spells out; the rest are counted, and all are in `data`. */
const PROBLEMS_IN_MESSAGE = 3;

/** The CONFIG_INVALID error for a list of problems found in `source`. */
export function createConfigError(
  source: string,
  problems: readonly ConfigProblem[],
  cause?: unknown,
): CoreError {
  const shown = problems.slice(0, PROBLEMS_IN_MESSAGE).map(formatConfigProblem).join('; ');
  const hidden = problems.length - PROBLEMS_IN_MESSAGE;
  const more = hidden > 0 ? ` (and ${hidden} more problem${hidden === 1 ? '' : 's'})` : '';
  return new CoreError({
    code: 'CONFIG_INVALID',
    message: `${source}: ${shown}${more}`,
    data: { source, problems: problems.map((problem) => ({ ...problem })) },
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * Validates a parsed `mcpServers` value (see {@link McpServersConfigSchema}).
 *
 * `source` names where the value came from (a file name) and starts every message, as in
 * `mcp.json: server "fs": field "args[1]": expected string, got number`. Throws only
 * `CoreError` with code `CONFIG_INVALID`; `data.problems` lists every problem found.
 * A relative `cwd` is kept as written (see {@link loadMcpServersConfig} for files).
 */
export function parseMcpServersConfig(value: unknown, source: string): McpServersConfig {
  let result: ReturnType<typeof McpServersConfigSchema.safeParse>;
  try {
    result = McpServersConfigSchema.safeParse(value, { reportInput: true });
  } catch (error) {
    throw createConfigError(source, [{ message: 'could not be read as a configuration' }], error);
  }
  if (result.success) {
    return result.data;
  }
  throw createConfigError(source, describeConfigIssues(result.error.issues));
}
