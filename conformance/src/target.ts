/**
 * Targets: the servers a run checks, and how to reach them.
 *
 * @module
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OAuthCredentials } from './auth/oauth-credentials.js';

/** A server started as a child process and spoken to over stdin/stdout. */
export interface StdioTransportConfig {
  /** Discriminant. */
  readonly kind: 'stdio';
  /** The executable. */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** Variables added to the inherited environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** The working directory (default: the current one). */
  readonly cwd?: string;
}

/** A server reached over Streamable HTTP. */
export interface HttpTransportConfig {
  /** Discriminant. */
  readonly kind: 'http';
  /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  /** Headers sent with every HTTP request (authorization, say). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** How to reach a server. */
export type TargetTransport = StdioTransportConfig | HttpTransportConfig;

/** What {@link TargetDefinition.setup} returns. */
export interface TargetSetup {
  /** How to reach the server once set up. */
  readonly transport: TargetTransport;
  /** Undoes the setup (removes a temporary directory, say); runs after the target's checks. */
  readonly cleanup?: () => Promise<void>;
  /** The OAuth test credentials of a target with `auth: 'oauth'` (set by the kit, not the target). */
  readonly auth?: OAuthCredentials;
}

/** What the kit gives {@link TargetDefinition.setup} of a target with `auth: 'oauth'`. */
export interface OAuthSetupContext {
  /**
   * Writes the `--oauth` file of a target whose MCP endpoint is `resource` (its canonical URI,
   * the tokens' audience) and returns its path; the file trusts the kit's test issuer and lives
   * until the target's checks are done.
   */
  writeConfig(resource: string): Promise<string>;
}

/** What {@link TargetDefinition.setup} is given. */
export interface TargetSetupContext {
  /** Present when the target is registered with `auth: 'oauth'`. */
  readonly oauth?: OAuthSetupContext;
}

/**
 * How the kit authorizes a target: `'oauth'` starts a test issuer for it, hands `setup` an
 * `--oauth` file writer and gives the checks tokens (the `mcp-auth` spec); absent, none.
 */
export type TargetAuth = 'oauth';

/**
 * A server to check, as `runConformance` takes it.
 *
 * `setup` runs right before the target's checks, so temporary state exists only while needed.
 */
export interface TargetDefinition {
  /** The name shown in reports. */
  readonly name: string;
  /** The conformance specs that apply; when absent, each spec's `detect` decides. */
  readonly specs?: readonly string[];
  /** Spec-specific facts that checks read, passed on to the checks as `target.settings`. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * Opts the target in to OAuth: the kit runs a test issuer, `setup` gets `context.oauth` to
   * write the `--oauth` file, and every request carries a valid token unless a check says not.
   */
  readonly auth?: TargetAuth;
  /** Prepares the server and says how to reach it. */
  setup(context?: TargetSetupContext): Promise<TargetSetup>;
}

/** A target for a fixed transport that needs no setup. */
export function createTarget(
  name: string,
  transport: TargetTransport,
  specs?: readonly string[],
): TargetDefinition {
  return {
    name,
    ...(specs === undefined ? {} : { specs }),
    setup: async () => ({ transport }),
  };
}

/**
 * A stdio target from one command line, run as `sh -c 'exec <command line>'`: shell quoting
 * works, and `exec` makes the process the runner stops the server itself, not a shell.
 */
export function createCommandLineTarget(commandLine: string, name = commandLine): TargetDefinition {
  return createTarget(name, { kind: 'stdio', command: 'sh', args: ['-c', `exec ${commandLine}`] });
}

/** What a {@link createTemporaryDirectoryTarget} callback adds to the command. */
export interface TemporaryDirectoryUse {
  /** Arguments appended to the command's. */
  readonly args?: readonly string[];
  /** Variables added to the environment. */
  readonly env?: Readonly<Record<string, string>>;
}

/** Options of {@link createStdioTarget}. */
export interface StdioTargetOptions {
  /** The name shown in reports. */
  readonly name: string;
  /** The executable. */
  readonly command: string;
  /** Its arguments. */
  readonly args?: readonly string[];
  /** Variables added to the inherited environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** The conformance specs that apply (default: detected). */
  readonly specs?: readonly string[];
  /**
   * When given, a fresh temporary directory is created for the run, passed here to get extra
   * arguments or variables, and removed afterwards.
   */
  readonly withTemporaryDirectory?: (directory: string) => TemporaryDirectoryUse;
}

/** A stdio target, optionally with a temporary directory that lives for the run. */
export function createStdioTarget(options: StdioTargetOptions): TargetDefinition {
  const base = { command: options.command, args: options.args ?? [], env: options.env ?? {} };
  const useDirectory = options.withTemporaryDirectory;
  return {
    name: options.name,
    ...(options.specs === undefined ? {} : { specs: options.specs }),
    setup: async () => {
      if (useDirectory === undefined) return { transport: { kind: 'stdio', ...base } };
      const directory = await mkdtemp(join(tmpdir(), `x-conformance-${options.name}-`));
      const use = useDirectory(directory);
      return {
        transport: {
          kind: 'stdio',
          command: base.command,
          args: [...base.args, ...(use.args ?? [])],
          env: { ...base.env, ...use.env },
        },
        cleanup: () => rm(directory, { recursive: true, force: true }),
      };
    },
  };
}
