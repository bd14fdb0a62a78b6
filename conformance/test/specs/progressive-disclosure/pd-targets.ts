import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createStdioTarget, packageBin, type TargetDefinition } from '../../../src/index.js';
import { FIXTURES_DIRECTORY, fixtureTarget, type HttpFixture } from '../../helpers.js';

/** Requirements no client can observe (runtime limits, storage), so they have no check. */
export const UNOBSERVABLE: readonly string[] = [
  'pd.5.3.runtime-layer',
  'pd.7.1.file-per-tool',
  'pd.7.2.reload-on-change',
];

/** The check that needs a restricted caller over HTTP, so it skips over stdio. */
export const NEEDS_RESTRICTED_CALLER = 'pd.5.3.primary-authorization';

/** The progressive-disclosure fixture server, relative to the fixtures folder. */
export const PD_FIXTURE = 'progressive-disclosure/pd-server.mjs';

/** The fixture over stdio, with one defect (or none). */
export function pdFixture(defect?: string): TargetDefinition {
  return fixtureTarget(PD_FIXTURE, ...(defect === undefined ? [] : [defect]));
}

/** The `shared-grants` fixture over stdio: every process of the run shares one grants file. */
export function sharedGrantsOverStdio(): TargetDefinition {
  return createStdioTarget({
    name: 'pd-server-shared-grants',
    command: process.execPath,
    args: [join(FIXTURES_DIRECTORY, PD_FIXTURE), 'shared-grants'],
    withTemporaryDirectory: (directory) => ({ args: [join(directory, 'grants.json')] }),
  });
}

/**
 * Starts `x-pd demo --http 127.0.0.1:0` (with `args`) and waits for the URL it prints on
 * stderr.
 */
export async function startDemoOverHttp(args: readonly string[] = []): Promise<HttpFixture> {
  const child = spawn(packageBin('x-pd'), ['demo', '--http', '127.0.0.1:0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /serving .* at (http:\/\/\S+)/.exec(stderr);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`x-pd exited with ${code}: ${stderr}`)));
    });
    return { url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
