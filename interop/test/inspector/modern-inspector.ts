/**
 * MCP Inspector 2 (from the Node 22 toolchain of `pnpm conformance:official`) in CLI mode,
 * pinned to the 2026-07-28 era, and the reference apps it drives, for the end-to-end tests.
 *
 * The CLI runs one method per process: in the 2026-07-28 era that is all a client ever does
 * (no session), so per-caller state has to hold across invocations through the caller's scope
 * (its bearer token). `--protocol-era modern` pins 2026-07-28 with no fallback to 2025.
 */

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type StartedTarget, startTarget } from '../../src/official/start-target.js';
import type { OfficialTarget } from '../../src/official/targets.js';
import { ensureOfficialToolchain } from '../../src/official/toolchain.js';

const run = promisify(execFile);

/** The Inspector CLI's exit status for a tool result with `isError: true`. */
const TOOL_IS_ERROR = 5;

/** Where a 2026-07-28 result names its server (MCP 2026-07-28, Basic › `_meta`). */
export const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';

/** What the Inspector printed for one method (`--format json`): its result. */
export type InspectorResult = Record<string, unknown> & {
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** The Inspector's `--verify` report on one skill. */
export interface SkillReport {
  uri: string;
  name: string;
  ok: boolean;
  outcome: string;
  conformance: unknown[];
  frontmatter: unknown[];
  files: { uri: string; status: string }[];
}

/** One Inspector CLI invocation's arguments after the target, e.g. `--method tools/list`. */
export type InspectorCall = readonly string[];

/** Runs Inspector CLI invocations against MCP endpoints as one caller (one bearer token). */
export interface ModernInspector {
  /** The Inspector's version. */
  readonly version: string;
  /** Runs one method against `url` in the 2026-07-28 era and returns its result. */
  call(url: URL, method: InspectorCall, token?: string): Promise<InspectorResult>;
  /**
   * Runs `skills/list` or `skills/get` with `--verify` (the Inspector's SEP-2640 conformance
   * and digest checks) and returns its report, one object per skill; rejects when a check
   * fails (exit 7) or could not be completed (exit 8).
   */
  verifySkills(url: URL, method: InspectorCall, token?: string): Promise<SkillReport[]>;
  /** Removes its home folder. */
  close(): Promise<void>;
}

/**
 * Installs (once) and returns the Inspector. Its home is a fresh folder and its secret store is
 * memory, so nothing is read from or written to the user's own Inspector settings.
 */
export async function modernInspector(): Promise<ModernInspector> {
  const toolchain = await ensureOfficialToolchain();
  const home = await mkdtemp(join(tmpdir(), 'x-inspector-home-'));
  const env = { ...process.env, HOME: home, MCP_INSPECTOR_SECRET_STORE: 'memory' };
  function argumentsOf(url: URL, method: InspectorCall, token: string | undefined): string[] {
    const auth = token === undefined ? [] : ['--header', `Authorization: Bearer ${token}`];
    const args = [toolchain.inspectorEntry, '--cli', url.href, '--transport', 'http'];
    args.push('--protocol-era', 'modern', '--format', 'json', '--quiet', ...auth, ...method);
    return args;
  }
  return {
    version: toolchain.inspectorVersion,
    async verifySkills(url, method, token) {
      const args = [...argumentsOf(url, method, token), '--verify'];
      const { stdout } = await run(toolchain.nodePath, args, {
        env,
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
        throw new Error(
          `Inspector --verify ${method.join(' ')}: ${error.stdout || error.stderr || error.message}`,
        );
      });
      return stdout
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as SkillReport);
    },
    async call(url, method, token) {
      const args = argumentsOf(url, method, token);
      // Exit 5 is a tool result with isError: the result is still printed on stdout.
      const { stdout } = await run(toolchain.nodePath, args, {
        env,
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { code?: unknown; stdout?: string; stderr?: string; message: string }) => {
        if (error.code === TOOL_IS_ERROR && error.stdout) return { stdout: error.stdout };
        throw new Error(
          `Inspector ${method.join(' ')}: ${error.stderr || error.stdout || error.message}`,
        );
      });
      const printed = JSON.parse(stdout) as { result?: InspectorResult };
      if (printed.result === undefined) throw new Error(`Inspector printed no result: ${stdout}`);
      return printed.result;
    },
    close: () => rm(home, { recursive: true, force: true }),
  };
}

/** `--method tools/call` of `name` with JSON arguments. */
export function toolCall(name: string, args: Record<string, unknown>): InspectorCall {
  return ['--method', 'tools/call', '--tool-name', name, '--tool-args-json', JSON.stringify(args)];
}

/** The structured content of a tool result, else its first text block parsed as JSON. */
export function payload(result: InspectorResult): Record<string, unknown> {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const text = result.content?.find((block) => block.type === 'text')?.text ?? '{}';
  return JSON.parse(text) as Record<string, unknown>;
}

/** The first text block of a tool result. */
export function firstText(result: InspectorResult): string {
  return result.content?.find((block) => block.type === 'text')?.text ?? '';
}

/** A tokens file (`{"<token>": "<role>"}`) in `folder` with one fresh token per role. */
export async function writeTokens(
  folder: string,
  roles: readonly string[],
): Promise<{ file: string; tokens: string[] }> {
  const tokens = roles.map(() => randomBytes(24).toString('hex'));
  const file = join(folder, 'tokens.json');
  await writeFile(
    file,
    JSON.stringify(Object.fromEntries(tokens.map((token, index) => [token, roles[index]]))),
  );
  return { file, tokens };
}

/**
 * Starts an app over HTTP (`--http 127.0.0.1:0` appended), with `env` added to this process's
 * environment, and waits for its address.
 */
export function startApp(
  name: string,
  args: readonly string[],
  env?: Readonly<Record<string, string>>,
): Promise<StartedTarget> {
  const target: OfficialTarget = {
    name,
    command: process.execPath,
    args: [...args, '--http', '127.0.0.1:0'],
    ...(env === undefined ? {} : { env }),
  };
  return startTarget(target);
}
