/**
 * The `x-mcs` command, separate from the process so tests can drive it.
 *
 * @module
 */

import {
  type BaseDriver,
  type CallIssue,
  type DetailedDriver,
  type DriverResponse,
  formatDriverWarning,
  McsError,
  nativeToolFormatFor,
} from '@x/mcs';
import { type CliCommand, parseCliArguments, USAGE } from './arguments.js';
import { startDemoService } from './demo/demo-service.js';
import { openDriver } from './driver-options.js';

/** Where the command reads and writes. */
export interface CliIo {
  /** The whole of standard input (for `exec`). */
  readStdin(): Promise<string>;
  /** Receives results. */
  writeStdout(text: string): void;
  /** Receives errors and notes. */
  writeStderr(text: string): void;
  /** Resolves when `serve-demo` should stop (the CLI: on SIGINT or SIGTERM, or when a piped stdin ends). */
  waitForShutdown(): Promise<void>;
}

/** Exit statuses of the command. */
export const EXIT = { ok: 0, callFailed: 1, usage: 2 } as const;

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The detailed response as plain JSON: errors become `{code, message}`. */
function plainResponse(response: DriverResponse): unknown {
  if (response.status !== 'failed') return response;
  return {
    status: response.status,
    executed: response.executed,
    failedCall: response.failedCall,
    error: { code: response.error.code, message: response.error.message },
    retryPrompt: response.retryPrompt,
  };
}

function describeIssue(issue: CallIssue): string {
  return issue.errors === undefined ? issue.message : `${issue.message} ${issue.errors.join('; ')}`;
}

async function exec(driver: DetailedDriver, detailed: boolean, io: CliIo): Promise<number> {
  const text = await io.readStdin();
  const response = await driver.processLlmResponseDetailed(text);
  if (detailed) io.writeStdout(json(plainResponse(response)));
  switch (response.status) {
    case 'no_call':
      if (!detailed) io.writeStdout(text);
      io.writeStderr('x-mcs: no call found in the input\n');
      return EXIT.ok;
    case 'executed':
      if (!detailed) io.writeStdout(json(response.result));
      return EXIT.ok;
    case 'invalid_call':
      if (!detailed) io.writeStdout(`${response.retryPrompt}\n`);
      io.writeStderr(`x-mcs: CALL_INVALID: ${response.issues.map(describeIssue).join(' ')}\n`);
      return EXIT.callFailed;
    case 'failed':
      if (!detailed) io.writeStdout(`${response.retryPrompt}\n`);
      io.writeStderr(`x-mcs: ${response.error.code}: ${response.error.message}\n`);
      return EXIT.callFailed;
  }
}

async function serveDemo(
  command: Extract<CliCommand, { kind: 'serve-demo' }>,
  io: CliIo,
): Promise<number> {
  const service = await startDemoService({
    port: command.port,
    ...(command.apiKey === undefined ? {} : { apiKey: command.apiKey }),
  });
  io.writeStdout(
    [
      `x-mcs demo service on ${service.origin}`,
      `  bookshop  ${service.bookshopUrl}  (OpenAPI document: ${service.documentUrl})`,
      `  petstore  ${service.petstoreUrl}`,
      '',
    ].join('\n'),
  );
  await io.waitForShutdown();
  await service.close();
  return EXIT.ok;
}

/** `describe --native`: the tool definitions of the chosen API, or of the model's family. */
function describeNative(
  driver: BaseDriver,
  command: Extract<CliCommand, { kind: 'describe' | 'system-message' }>,
  io: CliIo,
): number {
  const format =
    command.native === 'auto' ? nativeToolFormatFor(command.model ?? '') : command.native;
  if (format === undefined) {
    io.writeStderr(
      `x-mcs: ${command.model ?? 'the model'} has no native tool format (openai, anthropic, gemini); use system-message for it\n`,
    );
    return EXIT.usage;
  }
  io.writeStdout(json(driver.getNativeTools(format)));
  return EXIT.ok;
}

async function run(command: Exclude<CliCommand, { kind: 'help' }>, io: CliIo): Promise<number> {
  if (command.kind === 'serve-demo') return await serveDemo(command, io);
  const opened = await openDriver(command.driver);
  for (const warning of opened.warnings) {
    io.writeStderr(`x-mcs: warning: ${formatDriverWarning(warning)}\n`);
  }
  try {
    switch (command.kind) {
      case 'describe':
        if (command.native !== undefined) return describeNative(opened.driver, command, io);
        io.writeStdout(`${opened.driver.getFunctionDescription(command.model)}\n`);
        return EXIT.ok;
      case 'system-message':
        io.writeStdout(`${opened.driver.getDriverSystemMessage(command.model)}\n`);
        return EXIT.ok;
      case 'exec':
        return await exec(opened.driver, command.detailed, io);
    }
  } finally {
    await opened.close();
  }
}

/**
 * Runs `x-mcs` for `argv` and returns the exit status: 0 when done, 1 when the model's call
 * was invalid or failed, 2 on a usage error or a driver that could not be built.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: CliCommand;
  try {
    command = parseCliArguments(argv);
  } catch (error) {
    io.writeStderr(`x-mcs: ${(error as Error).message}\nRun x-mcs --help for usage.\n`);
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    io.writeStdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  try {
    return await run(command, io);
  } catch (error) {
    const code = McsError.isInstance(error) ? `${error.code}: ` : '';
    io.writeStderr(`x-mcs: ${code}${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.usage;
  }
}
