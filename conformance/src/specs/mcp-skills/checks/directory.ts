/**
 * Check of `resources/directory/read` on skill directories (SEP-2640 "Directory Listing").
 *
 * @module
 */

import { DIRECTORY_MIME_TYPE } from '@modelcontextprotocol/core/ext/skills';
import type { Check, CheckContext } from '../../../check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import { describeRawError, errorOf, isRecord } from '../../../session/json-rpc.js';
import {
  declaresDirectoryRead,
  listedSkills,
  type SkillFileEntry,
  skillRoot,
} from '../skill-listing.js';

/** At most this many directories are read in all. */
const MAX_DIRECTORIES = 30;

/** At most this many pages of one directory are read. */
const MAX_PAGES = 10;

/** The direct children of `directory` that `files` imply: URI to whether it is a directory. */
export function expectedChildren(
  directory: string,
  files: readonly SkillFileEntry[],
): Map<string, boolean> {
  const children = new Map<string, boolean>();
  for (const file of files) {
    if (!file.uri.startsWith(`${directory}/`)) continue;
    const rest = file.uri.slice(directory.length + 1);
    const [first = ''] = rest.split('/');
    const child = `${directory}/${first}`;
    children.set(child, children.get(child) === true || rest.includes('/'));
  }
  return children;
}

/** The children a directory read answered (URI to whether it says directory), or why not. */
async function readChildren(
  context: CheckContext,
  directory: string,
): Promise<Map<string, boolean> | string> {
  const session = await context.session();
  const children = new Map<string, boolean>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const response = await session.request('resources/directory/read', {
      uri: directory,
      ...(cursor === undefined ? {} : { cursor }),
    });
    const error = errorOf(response);
    if (error !== undefined) {
      return `resources/directory/read ${directory} got error ${describeRawError(error)}`;
    }
    const result = response.result;
    if (!isRecord(result) || !Array.isArray(result.resources)) {
      return `resources/directory/read ${directory} has no resources array`;
    }
    for (const item of result.resources as unknown[]) {
      if (isRecord(item) && typeof item.uri === 'string') {
        children.set(item.uri, item.mimeType === DIRECTORY_MIME_TYPE);
      }
    }
    if (typeof result.nextCursor !== 'string') return children;
    cursor = result.nextCursor;
  }
  return children;
}

function describe(uri: string, directory: boolean): string {
  return directory ? `${uri} (${DIRECTORY_MIME_TYPE})` : uri;
}

/** Compares what a directory read answered with what the skill's files imply. */
function childProblems(
  directory: string,
  expected: ReadonlyMap<string, boolean>,
  answered: ReadonlyMap<string, boolean>,
): string[] {
  const missing = [...expected].filter(([uri, isDirectory]) => answered.get(uri) !== isDirectory);
  const extra = [...answered.keys()].filter((uri) => !expected.has(uri));
  const problems: string[] = [];
  if (missing.length > 0) {
    const listed = missing.map(([uri, isDirectory]) => describe(uri, isDirectory));
    problems.push(`resources/directory/read ${directory} lacks ${listed.join(', ')}`);
  }
  if (extra.length > 0) {
    problems.push(
      `resources/directory/read ${directory} lists ${extra.join(', ')}, not a direct child`,
    );
  }
  return problems;
}

/** resources/directory/read lists each skill directory's direct children, and refuses a file. */
export const directoryReadCheck: Check = {
  requirement: 'skills.directory.read',
  definedIn: import.meta.url,
  async run(context) {
    const skills = await listedSkills(context);
    if ('status' in skills) return skills;
    if (!(await declaresDirectoryRead(context))) {
      return notApplicable('the server does not declare directoryRead');
    }
    const withFiles = skills.filter((skill) => skill.resources !== 'dynamic');
    if (withFiles.length === 0) return notApplicable('every listed skill is dynamic');
    const problems: string[] = [];
    let reads = 0;
    for (const skill of withFiles) {
      const files = skill.resources as readonly SkillFileEntry[];
      const queue = [skillRoot(skill.uri)].filter((root) => root !== undefined);
      while (queue.length > 0 && reads < MAX_DIRECTORIES) {
        const directory = queue.shift() as string;
        reads++;
        const expected = expectedChildren(directory, files);
        const answered = await readChildren(context, directory);
        if (typeof answered === 'string') problems.push(answered);
        else problems.push(...childProblems(directory, expected, answered));
        queue.push(...[...expected].filter(([, isDirectory]) => isDirectory).map(([uri]) => uri));
      }
    }
    const file = withFiles[0]?.uri ?? '';
    const refusal = errorOf(
      await (await context.session()).request('resources/directory/read', { uri: file }),
    );
    if (refusal?.code !== -32602) {
      problems.push(
        `resources/directory/read ${file} (a file): ${refusal === undefined ? 'answered with a result' : `error ${describeRawError(refusal)}`}, not error -32602`,
      );
    }
    return problems.length > 0
      ? fail(listProblems(problems))
      : pass(`${reads} skill directory read(s) list their direct children; a file is refused`);
  },
};
