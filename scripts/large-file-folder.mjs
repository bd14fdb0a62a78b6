/**
 * A temporary folder for the large-result tests of the apps: `six.txt` (about 6 MB of lines with
 * quotes and tabs, which JSON escapes, so the answer's line is larger still), `small.txt`, and an
 * `mcp.json` that puts the official filesystem server (`filesystemCommand`) on that folder under
 * the name `filesystem`.
 */

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function createLargeFileFolder(prefix, filesystemCommand) {
  const folder = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(join(folder, 'six.txt'), 'line "with quotes"\tand a tab\n'.repeat(220_000));
  await writeFile(join(folder, 'small.txt'), 'a small file');
  const config = join(folder, 'mcp.json');
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: { filesystem: { command: filesystemCommand, args: [folder] } },
    }),
  );
  return { folder, config };
}
