/**
 * Where the file record store lives by default.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/**
 * The default file of a configuration's records:
 * `$XDG_DATA_HOME/x/integrity/<hash>.json` (XDG Base Directory Specification, `XDG_DATA_HOME`,
 * which falls back to `~/.local/share` when unset, empty or relative), where `<hash>` is the
 * first 16 hex digits of the SHA-256 of the configuration file's absolute path: each
 * configuration keeps its own records, and the file name reveals nothing of the path.
 */
export function defaultRecordFile(
  configPath: string,
  environment: NodeJS.ProcessEnv = process.env,
): string {
  const dataHome = environment.XDG_DATA_HOME;
  const base =
    dataHome !== undefined && dataHome !== '' && isAbsolute(dataHome)
      ? dataHome
      : join(homedir(), '.local', 'share');
  const hash = createHash('sha256').update(resolve(configPath), 'utf8').digest('hex').slice(0, 16);
  return join(base, 'x', 'integrity', `${hash}.json`);
}
