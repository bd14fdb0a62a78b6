/**
 * The one-shot commands of `x-context-cache`: build, verify, inspect, list and resolve.
 *
 * @module
 */

import { basename, dirname, resolve } from 'node:path';
import { buildCache, verifyCache } from '@x/context-cache';
import { type ProgressStream, startProgress } from '@x/core/progress';
import {
  type Answer,
  type AnswerOptions,
  answerInspectCache,
  answerListCaches,
  answerResolve,
} from './answers.js';
import type { CacheLocation, CliCommand } from './arguments.js';
import { createStrategies } from './strategies.js';

/** What a command printed and how the process should exit. */
export interface CommandOutcome {
  /** Standard output. */
  readonly stdout: string;
  /** The exit status: 0 success, 1 failure. */
  readonly exitCode: 0 | 1;
}

type Command<K extends CliCommand['kind']> = Extract<CliCommand, { kind: K }>;

/**
 * A location as a root and a name. A folder path becomes its parent and its last segment, so
 * the CLI goes through the very name resolution (and containment checks) the server applies.
 */
export function rootAndName(location: CacheLocation): { root: string; name: string } {
  if (location.kind === 'name') return { root: location.root, name: location.name };
  const absolute = resolve(location.path);
  return { root: dirname(absolute), name: basename(absolute) };
}

/** `--max-file-bytes` as the library's options take it (absent when the flag was not given). */
export function fileBound(command: { readonly maxFileBytes: number | undefined }): {
  maxFileBytes?: number;
} {
  return command.maxFileBytes === undefined ? {} : { maxFileBytes: command.maxFileBytes };
}

function fromAnswer(answer: Answer): CommandOutcome {
  return { stdout: answer.text, exitCode: answer.isError ? 1 : 0 };
}

/**
 * `build`: prints `{"path","cache_version","document_count"}`. Progress goes to `progress`
 * when it is a terminal. Build errors (an existing cache, a duplicate id ...) are thrown as
 * `ContextCacheError`s with their local, detailed message.
 */
export async function runBuild(
  command: Command<'build'>,
  progress: ProgressStream,
): Promise<CommandOutcome> {
  const status = startProgress(progress, `x-context-cache: building ${command.cache}`);
  const result = await buildCache({
    sources: command.sources,
    cache: command.cache,
    force: command.force,
    ...(command.include === undefined ? {} : { include: [...command.include] }),
  }).catch((error: unknown) => {
    status.finish('x-context-cache: build failed');
    throw error;
  });
  status.finish(`x-context-cache: built ${result.documentCount} documents`);
  const summary = {
    path: result.path,
    cache_version: result.cacheVersion,
    document_count: result.documentCount,
  };
  return { stdout: `${JSON.stringify(summary)}\n`, exitCode: 0 };
}

/**
 * `verify`: prints the report (`{"valid","checks":[{"name","status","problems"}]}`); exit 1
 * when invalid. `index.json` problems are a `warn` check of a valid cache: exit 0.
 */
export async function runVerify(command: Command<'verify'>): Promise<CommandOutcome> {
  const report = await verifyCache(command.cache, fileBound(command));
  return { stdout: `${JSON.stringify(report)}\n`, exitCode: report.valid ? 0 : 1 };
}

/** `inspect`: exactly `context.inspect_cache`'s text for the same root and name. */
export async function runInspect(command: Command<'inspect'>): Promise<CommandOutcome> {
  const { root, name } = rootAndName(command.location);
  return fromAnswer(
    await answerInspectCache({ cache: name }, { cacheRoot: root, ...fileBound(command) }),
  );
}

/** `list`: exactly `context.list_caches`'s text for the same root. */
export async function runList(command: Command<'list'>): Promise<CommandOutcome> {
  return fromAnswer(await answerListCaches({ cacheRoot: command.root }));
}

/**
 * `resolve`: exactly `context.resolve`'s text for the same root, name, query, budget and
 * strategy (v0 unless `--strategy` names another), error objects included.
 */
export async function runResolve(
  command: Command<'resolve'>,
  onError: AnswerOptions['onError'],
): Promise<CommandOutcome> {
  const { root, name } = rootAndName(command.location);
  const args = {
    cache: name,
    query: command.query,
    budget: command.budget,
    ...(command.strategy === undefined ? {} : { strategy: command.strategy }),
  };
  const options: AnswerOptions = {
    cacheRoot: root,
    strategies: createStrategies(),
    ...fileBound(command),
    ...(onError === undefined ? {} : { onError }),
  };
  return fromAnswer(await answerResolve(args, options));
}
