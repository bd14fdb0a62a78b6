/**
 * Creates a temporary folder (name starting with `prefix`) holding `six.txt` (about 6 MB),
 * `small.txt`, and an `mcp.json` that serves the folder with the official filesystem server
 * (`filesystemCommand`) under the name `filesystem`.
 */
export function createLargeFileFolder(
  prefix: string,
  filesystemCommand: string,
): Promise<{ folder: string; config: string }>;
