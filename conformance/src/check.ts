/**
 * Checks: code that decides whether one server meets one requirement.
 *
 * @module
 */

import type { Client } from '@modelcontextprotocol/client';
import type { OAuthCredentials } from './auth/oauth-credentials.js';
import type { Era } from './era/era.js';
import type { RawSession } from './session/raw-session.js';

/**
 * What a check concluded: `pass` or `fail`; `not-applicable` when the requirement does not apply
 * to this target (its transport, era, mode, or a capability or feature it does not declare or
 * offer); `skip` when it could apply but the check cannot decide it here (the target's
 * registration lacks a setting or a probe the check needs, or a prerequisite failed).
 */
export type CheckStatus = 'pass' | 'fail' | 'skip' | 'not-applicable';

/** The outcome of one check: a status and one line saying why. */
export interface CheckOutcome {
  /** The conclusion; a skip is never a pass, and neither is `not-applicable`. */
  readonly status: CheckStatus;
  /** One line for the report. */
  readonly message: string;
}

/** The kind of connection a target is reached over. */
export type TargetKind = 'stdio' | 'http';

/** What a check may know about the server under test. */
export interface TargetDescription {
  /** The name shown in reports. */
  readonly name: string;
  /** How the server is reached. */
  readonly kind: TargetKind;
  /** Spec-specific facts about the target that checks read (e.g. `gateway`: a probe call). */
  readonly settings?: Readonly<Record<string, unknown>> | undefined;
  /** The MCP endpoint of a target reached over HTTP (for the cash manifest's well-known URL). */
  readonly url?: string | undefined;
  /** The headers every HTTP request to the target carries (authorization, say). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The kit's OAuth test credentials, for a target registered with `auth: 'oauth'`. */
  readonly auth?: OAuthCredentials | undefined;
  /**
   * The protocol era the checks speak: the SDK client, the shared session and fresh sessions
   * all use it. A check whose requirement belongs to one era skips in the other.
   */
  readonly era: Era;
}

/** Options of {@link CheckContext.openSession}. */
export interface OpenSessionOptions {
  /**
   * Open the session before returning (default `true`): the `initialize` handshake, or in the
   * modern era a `server/discover` request.
   */
  readonly initialize?: boolean;
  /**
   * HTTP headers of this session, each replacing the target's header of the same name whatever
   * its case (HTTP only; a stdio session ignores them): another caller's credentials, say.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Everything a check may use to talk to the server under test.
 *
 * `client()` and `session()` are shared by every check of a target, so a check must leave them
 * usable. A check that may break its connection (writing garbage, say) uses `openSession()`:
 * over stdio that starts a fresh server process, over HTTP a fresh MCP session; the runner closes
 * it when the check ends, timed out or not.
 */
export interface CheckContext {
  /** The server under test. */
  readonly target: TargetDescription;
  /** The time limit of this check, in milliseconds. */
  readonly timeoutMs: number;
  /** Aborted when the check times out. */
  readonly signal: AbortSignal;
  /** A connected SDK client, shared by the target's checks. */
  client(): Promise<Client>;
  /** An initialized raw JSON-RPC session, shared by the target's checks. */
  session(): Promise<RawSession>;
  /** A fresh raw session owned by this check. */
  openSession(options?: OpenSessionOptions): Promise<RawSession>;
  /** Computes a value once per target and shares it between checks (a paginated tool list, say). */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/**
 * A check of one requirement.
 *
 * `run` may throw: the runner reports the error's message as a failure. It never needs its own
 * timeout: the runner fails it after `timeoutMs` (or the run's default) and aborts `signal`.
 */
export interface Check {
  /** The id of the requirement this check decides. */
  readonly requirement: string;
  /**
   * The URL of the module that defines the check (its `import.meta.url`), so `COVERAGE.md` can
   * name the file; every check of a registered spec has one.
   */
  readonly definedIn?: string;
  /** A time limit for this check that overrides the run's default. */
  readonly timeoutMs?: number;
  /**
   * The protocol eras whose servers owe the requirement (default: every era); in another era
   * the check is not run at all, so a removed method is never reported as a skip.
   */
  readonly eras?: readonly Era[];
  /** Runs the check against one target. */
  run(context: CheckContext): Promise<CheckOutcome>;
}
