import { existsSync, readFileSync } from 'node:fs';
import type { z } from 'zod';
import { BenchError } from '../errors.js';

/** Reads a text file, or throws `NO_DATA` naming it. */
export function readText(path: string): string {
  if (!existsSync(path)) throw new BenchError({ code: 'NO_DATA', message: `missing ${path}` });
  return readFileSync(path, 'utf8');
}

/** Parses a JSON file against a schema; throws `BAD_DATA` naming the file and the first problem. */
export function readJson<Schema extends z.ZodType>(path: string, schema: Schema): z.infer<Schema> {
  return parseWith(schema, parseJson(readText(path), path), path);
}

/** Parses a JSON Lines file against a schema for each line; blank lines are skipped. */
export function readJsonLines<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
): z.infer<Schema>[] {
  const rows: z.infer<Schema>[] = [];
  readText(path)
    .split('\n')
    .forEach((line, index) => {
      if (line.trim() === '') return;
      const where = `${path}:${index + 1}`;
      rows.push(parseWith(schema, parseJson(line, where), where));
    });
  return rows;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new BenchError({ code: 'BAD_DATA', message: `${where}: not valid JSON`, cause });
  }
}

function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  where: string,
): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
  throw new BenchError({
    code: 'BAD_DATA',
    message: `${where}: unexpected shape${at}: ${issue?.message ?? 'invalid'}`,
  });
}
