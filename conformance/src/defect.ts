/**
 * Defects: the broken fixtures that prove each check can fail, as data beside the checks.
 *
 * Every spec has one fixture server (or driver) that meets all of its requirements, and a
 * defect is one named switch of that fixture that breaks one requirement: `--defect NAME` on
 * the fixture's command line (`?defect=NAME` on the URL of a fixture process that serves every
 * defect over HTTP, `{ defect: NAME }` in a driver fixture's options). One test runs every row
 * of every spec's table (`test/defects.test.ts`) and `COVERAGE.md` lists them.
 *
 * @module
 */

/** One defect of a spec's fixture and the failure it causes. */
export interface Defect {
  /** The id of the requirement the defect breaks (a check of the spec names it). */
  readonly requirement: string;
  /** The switch of the fixture (`--defect NAME`): lowercase words joined by hyphens. */
  readonly defect: string;
  /** What the check's failure message says. */
  readonly failure: RegExp;
  /** What it says in the 2026-07-28 era, when the fixture is checked in both and it differs. */
  readonly modernFailure?: RegExp;
  /**
   * The fixture setup the defect shows on, when the spec's fixture has more than one (gateway
   * `proxy`, progressive-disclosure `stdio`); absent: the spec's default setup.
   */
  readonly setup?: string;
}

/** A spec's defects: the fixture they switch, and the rows. */
export interface DefectTable {
  /** The fixture, relative to this package (`test/fixtures/cash/cash-server.mjs`). */
  readonly fixture: string;
  /** The rows, in catalog order of the requirements they break. */
  readonly defects: readonly Defect[];
}

/** Defect names: lowercase words joined by hyphens (`no-skill-tool`). */
export const DEFECT_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
