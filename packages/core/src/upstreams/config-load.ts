/**
 * Reading an `mcpServers` file from disk.
 *
 * @module
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { createConfigError, parseMcpServersConfig } from './config-parse.js';
import type { McpServersConfig } from './config-schema.js';
import { findJsonSyntaxProblem } from './json-syntax.js';

/** What a failed read says, by Node error code. */
const READ_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'file not found',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const problem = READ_PROBLEMS[code] ?? `could not be read${code === '' ? '' : ` (${code})`}`;
    throw createConfigError(path, [{ message: problem }], error);
  }
}

function parseJson(text: string, path: string): unknown {
  if (text.trim() === '') {
    throw createConfigError(path, [{ message: 'file is empty; expected a JSON object' }]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const problem = findJsonSyntaxProblem(text);
    const message =
      problem === undefined
        ? 'invalid JSON'
        : `invalid JSON at line ${problem.line}, column ${problem.column}: ${problem.message}`;
    throw createConfigError(path, [{ message }], error);
  }
}

/**
 * Reads and validates an `mcpServers` file (see {@link parseMcpServersConfig}).
 *
 * The file is strict JSON (a leading byte-order mark is allowed). Every failure is a
 * `CoreError` `CONFIG_INVALID` whose message starts with `path`: a missing file
 * ("file not found"), bad JSON (with 1-based line and column), or a bad entry (server and
 * field). A relative `cwd` of a stdio server is resolved against the file's folder.
 */
export async function loadMcpServersConfig(path: string): Promise<McpServersConfig> {
  const text = await readText(path);
  const value = parseJson(text.startsWith('\uFEFF') ? text.slice(1) : text, path);
  const config = parseMcpServersConfig(value, path);
  const folder = dirname(resolve(path));
  const mcpServers: McpServersConfig['mcpServers'] = {};
  for (const [name, server] of Object.entries(config.mcpServers)) {
    mcpServers[name] =
      server.type === 'stdio' && server.cwd !== undefined && !isAbsolute(server.cwd)
        ? { ...server, cwd: resolve(folder, server.cwd) }
        : server;
  }
  return { ...config, mcpServers };
}
