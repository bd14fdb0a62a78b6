/**
 * Finds a container runtime whose engine answers, not just a client on `PATH`.
 *
 * @module
 */

import { execFile } from 'node:child_process';

/** The runtimes tried by default, in order. */
export const DEFAULT_CONTAINER_RUNTIMES: readonly string[] = ['docker', 'podman'];

/** What probing one runtime found. */
export interface RuntimeProbe {
  /** The executable probed. */
  runtime: string;
  /** True when the engine answered with a version. */
  usable: boolean;
  /** The engine's version when usable, else why not (one line). */
  detail: string;
}

/** How long one probe may take, in ms. */
const PROBE_TIMEOUT_MS = 5_000;

/** The arguments that make a runtime print its engine's version (not only the client's). */
function probeArguments(runtime: string): string[] {
  return /(^|\/)podman$/.test(runtime)
    ? ['info', '--format', '{{.Version.Version}}']
    : ['version', '--format', '{{.Server.Version}}'];
}

function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

/**
 * Asks one runtime for its engine's version. A client whose engine is unreachable (a `docker`
 * CLI without a daemon) is not usable. Never rejects.
 */
export function probeContainerRuntime(runtime: string): Promise<RuntimeProbe> {
  return new Promise((resolve) => {
    execFile(
      runtime,
      probeArguments(runtime),
      { timeout: PROBE_TIMEOUT_MS, windowsHide: true },
      (error, stdout, stderr) => {
        const version = firstLine(String(stdout));
        if (error === null && version !== '') {
          resolve({ runtime, usable: true, detail: version });
          return;
        }
        const code = (error as NodeJS.ErrnoException | null)?.code;
        const detail =
          code === 'ENOENT'
            ? 'not installed'
            : `the client answered but its engine did not${firstLine(String(stderr)) === '' ? '' : `: ${firstLine(String(stderr))}`}`;
        resolve({ runtime, usable: false, detail });
      },
    );
  });
}

/** What {@link findContainerRuntime} found. */
export interface ContainerRuntimeSearch {
  /** The first runtime whose engine answered, or undefined when none did. */
  runtime: string | undefined;
  /** Every probe made, in order. */
  probes: RuntimeProbe[];
}

/**
 * Probes the runtimes in order and returns the first usable one with every probe made, so a
 * caller can say why none was usable.
 */
export async function findContainerRuntime(
  runtimes: readonly string[] = DEFAULT_CONTAINER_RUNTIMES,
): Promise<ContainerRuntimeSearch> {
  const probes: RuntimeProbe[] = [];
  for (const runtime of runtimes) {
    const probe = await probeContainerRuntime(runtime);
    probes.push(probe);
    if (probe.usable) return { runtime, probes };
  }
  return { runtime: undefined, probes };
}
