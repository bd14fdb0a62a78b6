/**
 * {@link IntegrityRecordStore} in one JSON file, for a single host without a shared store.
 *
 * @module
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CoreError } from '../errors.js';
import { type IntegrityRecordStore, isToolRecord, type ToolRecord } from './record-store.js';

/** The version written in the file; a file of another version is refused, never rewritten. */
export const RECORD_FILE_VERSION = 1;

type Records = Map<string, Map<string, ToolRecord>>;

let temporaryCounter = 0;

/**
 * Keeps records in `path` as `{"version": 1, "tools": {"<server>": {"<tool>": record}}}`.
 *
 * Every write reads the file again, changes one record and replaces the file atomically (a
 * temporary file in the same folder, then a rename), so an approval written by
 * `x-gateway tools approve` while a server runs is kept, and a crash never leaves half a file.
 * Writes of one process are serialized. The folder is created (mode 0700) on the first write;
 * a missing file reads as empty.
 *
 * @throws CoreError `STORE_CORRUPT` (from any operation) when the file is not such JSON; the
 *   file is left untouched so nothing a user stored is lost.
 */
export function createFileRecordStore(path: string): IntegrityRecordStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  /** Replaces records of one server in one read and one write; returns the records kept. */
  const change = (
    server: string,
    records: ReadonlyArray<readonly [tool: string, record: ToolRecord]>,
    replace: (current: ToolRecord | undefined, next: ToolRecord) => ToolRecord,
  ) =>
    serialized(async () => {
      const all = await readRecords(path);
      const tools = all.get(server) ?? new Map<string, ToolRecord>();
      let changed = false;
      const kept = records.map(([tool, record]) => {
        const current = tools.get(tool);
        const next = replace(current, record);
        if (next !== current) {
          tools.set(tool, next);
          changed = true;
        }
        return next;
      });
      if (changed) {
        all.set(server, tools);
        await writeRecords(path, all);
      }
      return kept;
    });
  return {
    async get(server, tool) {
      return (await readRecords(path)).get(server)?.get(tool);
    },
    async list(server) {
      return (await readRecords(path)).get(server) ?? new Map();
    },
    async putIfAbsent(server, tool, record) {
      const [kept] = await change(server, [[tool, record]], (current, next) => current ?? next);
      return kept ?? record;
    },
    putAllIfAbsent(server, records) {
      const entries = records.map((record) => [record.tool.name, record] as const);
      return change(server, entries, (current, next) => current ?? next);
    },
    async put(server, tool, record) {
      await change(server, [[tool, record]], (_current, next) => next);
    },
    async close() {
      await queue;
    },
  };
}

function corrupt(path: string, reason: string, cause?: unknown): CoreError {
  return new CoreError({
    code: 'STORE_CORRUPT',
    message: `integrity records ${path}: ${reason}; fix or remove the file (it was not changed)`,
    data: { path },
    ...(cause === undefined ? {} : { cause }),
  });
}

async function readRecords(path: string): Promise<Records> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw corrupt(path, 'not JSON', error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw corrupt(path, 'not a JSON object');
  }
  const { version, tools } = value as { version?: unknown; tools?: unknown };
  if (version !== RECORD_FILE_VERSION) {
    throw corrupt(path, `version ${JSON.stringify(version)} is not ${RECORD_FILE_VERSION}`);
  }
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
    throw corrupt(path, '"tools" is not an object');
  }
  const records: Records = new Map();
  for (const [server, byTool] of Object.entries(tools)) {
    if (typeof byTool !== 'object' || byTool === null || Array.isArray(byTool)) {
      throw corrupt(path, `"tools.${server}" is not an object`);
    }
    const kept = new Map<string, ToolRecord>();
    for (const [tool, record] of Object.entries(byTool)) {
      if (!isToolRecord(record)) throw corrupt(path, `the record of ${server}/${tool} is invalid`);
      kept.set(tool, record);
    }
    records.set(server, kept);
  }
  return records;
}

async function writeRecords(path: string, records: Records): Promise<void> {
  const tools = Object.fromEntries(
    [...records.entries()]
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
      .map(([server, byTool]) => [
        server,
        Object.fromEntries(
          [...byTool.entries()].sort(([left], [right]) => (left < right ? -1 : 1)),
        ),
      ]),
  );
  const text = `${JSON.stringify({ version: RECORD_FILE_VERSION, tools }, null, 2)}\n`;
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  temporaryCounter += 1;
  const temporary = `${path}.${process.pid}.${temporaryCounter}.tmp`;
  try {
    await writeFile(temporary, text, { mode: 0o600 });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
