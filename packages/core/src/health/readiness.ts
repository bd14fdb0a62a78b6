/**
 * Readiness: whether a server can serve now, from a few named checks, with the reason when not.
 *
 * @module
 */

/** What one check found. */
export type CheckOutcome =
  | {
      /** Ready. */
      readonly ready: true;
    }
  | {
      /** Not ready. */
      readonly ready: false;
      /** Why, in a few words for an operator. */
      readonly reason: string;
    };

/** One thing a server needs to serve: its upstreams, its session store. */
export interface ReadinessCheck {
  /** Its name in the report: `upstreams`, `session-store`. */
  readonly name: string;
  /** Looks now; never rejects (a failure is `ready: false` with the reason). */
  check(): Promise<CheckOutcome>;
}

/** What {@link checkReadiness} reports, as `/readyz` sends it. */
export interface ReadinessReport {
  /** Whether every check is ready. */
  readonly ready: boolean;
  /** Each check's outcome, in the order given. */
  readonly checks: readonly ({
    /** The check's name. */
    readonly name: string;
  } & CheckOutcome)[];
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs every check at once; a check that throws anyway counts as not ready, with its message. */
export async function checkReadiness(checks: readonly ReadinessCheck[]): Promise<ReadinessReport> {
  const outcomes = await Promise.all(
    checks.map(async (check) => {
      try {
        return { name: check.name, ...(await check.check()) };
      } catch (error) {
        return { name: check.name, ready: false as const, reason: reasonOf(error) };
      }
    }),
  );
  return { ready: outcomes.every((outcome) => outcome.ready), checks: outcomes };
}

/** The report as one line: `ready`, or `not ready: upstreams: ...; session-store: ...`. */
export function describeReadiness(report: ReadinessReport): string {
  if (report.ready) return 'ready';
  const reasons = report.checks.flatMap((check) =>
    check.ready ? [] : [`${check.name}: ${check.reason}`],
  );
  return `not ready: ${reasons.join('; ')}`;
}
