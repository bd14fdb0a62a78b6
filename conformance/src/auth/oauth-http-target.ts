/**
 * A target started for its run as an OAuth-protected Streamable HTTP server: the kit's test
 * issuer is trusted through the `--oauth` file, the port is chosen first so the file can name the
 * canonical URI, and the run waits for the line the server prints once it listens.
 *
 * @module
 */

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { ConformanceError } from '../errors.js';
import type { TargetDefinition } from '../target.js';
import { reserveLoopbackPort } from './loopback-port.js';

/** What {@link OAuthHttpTargetOptions.args} is given. */
export interface OAuthLaunch {
  /** The path of the `--oauth` file. */
  readonly configFile: string;
  /** The port to listen on (127.0.0.1). */
  readonly port: number;
}

/** Options of {@link createOAuthHttpTarget}. */
export interface OAuthHttpTargetOptions {
  /** The name shown in reports. */
  readonly name: string;
  /** The executable. */
  readonly command: string;
  /** Its arguments, given the `--oauth` file and the port (`['serve', '--http', ...]`). */
  readonly args: (launch: OAuthLaunch) => readonly string[];
  /** The MCP endpoint's path (default `/mcp`). */
  readonly path?: string;
  /** The conformance specs that apply (default: detected). */
  readonly specs?: readonly string[];
  /** Spec settings (`settings['mcp-auth'].scopedTool`, say). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * A line the server prints on stdout or stderr once it listens (default: one containing the
   * endpoint's URL).
   */
  readonly ready?: RegExp;
}

/** A target with `auth: 'oauth'` that starts `command` with its `--oauth` file for the run. */
export function createOAuthHttpTarget(options: OAuthHttpTargetOptions): TargetDefinition {
  return {
    name: options.name,
    auth: 'oauth',
    ...(options.specs === undefined ? {} : { specs: options.specs }),
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    setup: async (context) => {
      if (context?.oauth === undefined) {
        throw new ConformanceError({
          code: 'TARGET_START_FAILED',
          message: `target "${options.name}" needs the kit's OAuth setup`,
        });
      }
      const port = await reserveLoopbackPort();
      const url = `http://127.0.0.1:${port}${options.path ?? '/mcp'}`;
      const configFile = await context.oauth.writeConfig(url);
      const child = spawn(options.command, [...options.args({ configFile, port })], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const stop = async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      };
      const ready = options.ready ?? new RegExp(url.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'), 'u');
      const output: string[] = [];
      try {
        await new Promise<void>((resolve, reject) => {
          for (const stream of [child.stdout, child.stderr]) {
            createInterface({ input: stream }).on('line', (line) => {
              if (output.length < 20) output.push(line);
              if (ready.test(line)) resolve();
            });
          }
          child.once('exit', (code) =>
            reject(
              new ConformanceError({
                code: 'TARGET_START_FAILED',
                message: `target "${options.name}" exited with ${code} before listening: ${output.join(' | ')}`,
              }),
            ),
          );
        });
        return { transport: { kind: 'http', url }, cleanup: stop };
      } catch (error) {
        await stop();
        throw error;
      }
    },
  };
}
