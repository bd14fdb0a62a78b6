/**
 * Runs the checks of the applicable specs against each target, one target and one check at a
 * time.
 *
 * @module
 */

import { setUpTarget } from '../auth/set-up-target.js';
import type { CheckStatus } from '../check.js';
import type { DriverSpecDefinition } from '../driver/driver-check.js';
import { type DriverTargetDefinition, isDriverTarget } from '../driver/driver-target.js';
import { ERA_CHOICES, type Era, type EraChoice, eraLabel } from '../era/era.js';
import { planEras } from '../era/probe-eras.js';
import { ConformanceError, describeError } from '../errors.js';
import {
  type ConformanceReport,
  createReport,
  type RequirementResult,
  type TargetReport,
} from '../report/report.js';
import { REQUIREMENT_PROFILES, X_PROFILE } from '../requirement.js';
import type { SpecCatalogEntry, SpecDefinition } from '../spec.js';
import { driverSpecRegistry, specRegistry } from '../specs/index.js';
import type { TargetDefinition, TargetSetup } from '../target.js';
import { referenceDriverTargets, referenceTargets } from '../targets.js';
import { runDriverTarget } from './run-driver-target.js';
import { runSpec } from './run-spec.js';
import { CheckScope, TargetResources, withTimeout } from './target-resources.js';

/** The default time limit of one check, in milliseconds. */
export const DEFAULT_CHECK_TIMEOUT_MS = 10_000;

/** One finished check, reported while a run is in progress. */
export interface ProgressEvent {
  /** The target's name. */
  readonly target: string;
  /** The requirement id. */
  readonly requirement: string;
  /** What the check concluded. */
  readonly status: CheckStatus;
}

/** Options of {@link runConformance}; every one is optional. */
export interface RunConformanceOptions {
  /** The servers and drivers to check (default: every reference target). */
  readonly targets?: readonly (TargetDefinition | DriverTargetDefinition)[];
  /** Run only these conformance specs (default: the target's specs, else detection). */
  readonly specs?: readonly string[];
  /** Run only the checks of these requirement ids. */
  readonly requirements?: readonly string[];
  /**
   * The profiles to run besides the specs (`x-profile`); default: `x-profile` when `targets` is
   * absent (the reference targets are this project's apps), none otherwise.
   */
  readonly profiles?: readonly string[];
  /** The time limit of each check and of connecting (default {@link DEFAULT_CHECK_TIMEOUT_MS}). */
  readonly timeoutMs?: number;
  /**
   * The protocol era(s) to check servers in (default `auto`: the modern era when the target
   * answers `server/discover`, else the 2025 one; `both`: every era the target serves).
   */
  readonly era?: EraChoice;
  /** The specs to choose from (default: the spec registry). */
  readonly registry?: readonly SpecDefinition[];
  /** The driver specs to choose from (default: the driver spec registry). */
  readonly driverRegistry?: readonly DriverSpecDefinition[];
  /** Called after each check. */
  readonly onProgress?: (event: ProgressEvent) => void;
}

interface RunSettings {
  readonly registry: readonly SpecDefinition[];
  readonly specs: readonly SpecDefinition[] | undefined;
  readonly driverRegistry: readonly DriverSpecDefinition[];
  readonly driverSpecs: readonly DriverSpecDefinition[] | undefined;
  readonly requirements: ReadonlySet<string> | undefined;
  readonly profiles: ReadonlySet<string>;
  readonly timeoutMs: number;
  readonly era: EraChoice;
  readonly onProgress: ((event: ProgressEvent) => void) | undefined;
}

/**
 * Checks every target and returns the report.
 *
 * Throws a {@link ConformanceError}: `UNKNOWN_SPEC` or `USAGE` for bad options (an unknown
 * requirement id or profile), before any
 * server starts; `TARGET_START_FAILED` when a target cannot be started or never answers
 * `initialize` (targets already checked are cleaned up).
 */
export async function runConformance(
  options: RunConformanceOptions = {},
): Promise<ConformanceReport> {
  const registry = options.registry ?? specRegistry;
  const driverRegistry = options.driverRegistry ?? driverSpecRegistry;
  const timeoutMs = options.timeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new ConformanceError({
      code: 'USAGE',
      message: `the timeout must be a positive integer, got ${timeoutMs}`,
    });
  }
  const era = options.era ?? 'auto';
  if (!ERA_CHOICES.includes(era)) {
    throw new ConformanceError({
      code: 'USAGE',
      message: `the era must be one of ${ERA_CHOICES.join(', ')}, got ${String(era)}`,
    });
  }
  if (options.specs !== undefined) findSpecs([...registry, ...driverRegistry], options.specs);
  const isDriverSpec = (name: string) => driverRegistry.some((spec) => spec.name === name);
  const settings: RunSettings = {
    registry,
    specs:
      options.specs === undefined
        ? undefined
        : findSpecs(
            registry,
            options.specs.filter((name) => !isDriverSpec(name)),
          ),
    driverRegistry,
    driverSpecs:
      options.specs === undefined
        ? undefined
        : findSpecs(driverRegistry, options.specs.filter(isDriverSpec)),
    requirements:
      options.requirements === undefined
        ? undefined
        : knownRequirements([...registry, ...driverRegistry], options.requirements),
    profiles: knownProfiles(options.profiles ?? (options.targets === undefined ? [X_PROFILE] : [])),
    timeoutMs,
    era,
    onProgress: options.onProgress,
  };
  const reports: TargetReport[] = [];
  for (const target of options.targets ?? [...referenceTargets, ...referenceDriverTargets]) {
    if (isDriverTarget(target))
      reports.push(await runDriverTarget(target, driverSpecsOf(target, settings), settings));
    else reports.push(...(await runTarget(target, settings)));
  }
  return createReport(reports);
}

/** The registered specs with these names, in the given order; throws `UNKNOWN_SPEC` otherwise. */
export function findSpecs<Spec extends SpecCatalogEntry>(
  registry: readonly Spec[],
  names: readonly string[],
): Spec[] {
  return names.map((name) => {
    const spec = registry.find((candidate) => candidate.name === name);
    if (spec === undefined) {
      const known = registry.map((candidate) => candidate.name).join(', ');
      throw new ConformanceError({
        code: 'UNKNOWN_SPEC',
        message: `unknown spec "${name}" (known: ${known})`,
      });
    }
    return spec;
  });
}

function knownRequirements(
  registry: readonly SpecCatalogEntry[],
  ids: readonly string[],
): ReadonlySet<string> {
  const known = new Set(
    registry.flatMap((spec) => spec.requirements.map((requirement) => requirement.id)),
  );
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ConformanceError({
      code: 'USAGE',
      message: `unknown requirement id(s): ${unknown.join(', ')}`,
    });
  }
  return new Set(ids);
}

function knownProfiles(names: readonly string[]): ReadonlySet<string> {
  const unknown = names.filter((name) => !REQUIREMENT_PROFILES.some((profile) => profile === name));
  if (unknown.length > 0) {
    throw new ConformanceError({
      code: 'USAGE',
      message: `unknown profile(s): ${unknown.join(', ')} (known: ${REQUIREMENT_PROFILES.join(', ')})`,
    });
  }
  return new Set(names);
}

/** One report per era the target is checked in (and one, empty, per era it does not serve). */
async function runTarget(
  definition: TargetDefinition,
  settings: RunSettings,
): Promise<TargetReport[]> {
  const setup = await setUpTarget(definition);
  try {
    const plan = await planEras(setup.transport, settings.era, settings.timeoutMs).catch(
      (error: unknown) => {
        throw startFailed(definition, error);
      },
    );
    const reports: TargetReport[] = [];
    for (const era of plan.eras) reports.push(await runTargetEra(definition, setup, era, settings));
    for (const { era, reason } of plan.unserved) {
      reports.push({
        target: definition.name,
        era,
        specs: [],
        results: [],
        note: `does not serve the ${eraLabel(era)} era: ${reason}`,
      });
    }
    return reports;
  } finally {
    await setup.cleanup?.();
  }
}

function startFailed(definition: TargetDefinition, error: unknown): ConformanceError {
  return new ConformanceError({
    code: 'TARGET_START_FAILED',
    message: `target "${definition.name}" could not be started: ${describeError(error)}`,
    cause: error,
  });
}

async function runTargetEra(
  definition: TargetDefinition,
  setup: TargetSetup,
  era: Era,
  settings: RunSettings,
): Promise<TargetReport> {
  const resources = new TargetResources(
    {
      name: definition.name,
      kind: setup.transport.kind,
      settings: definition.settings,
      url: setup.transport.kind === 'http' ? setup.transport.url : undefined,
      headers: setup.transport.kind === 'http' ? setup.transport.headers : undefined,
      auth: setup.auth,
      era,
    },
    setup.transport,
    settings.timeoutMs,
  );
  try {
    const session = await resources.session().catch((error: unknown) => {
      throw startFailed(definition, error);
    });
    if (era === 'modern' && session.discoverResponse?.result === undefined) {
      throw startFailed(
        definition,
        new Error('server/discover got no result (the 2026-07-28 era)'),
      );
    }
    const specs = (await selectSpecs(definition, resources, settings)).filter(
      (spec) => spec.eras === undefined || spec.eras.includes(era),
    );
    const results: RequirementResult[] = [];
    for (const spec of specs) {
      const checks = spec.checks.filter(
        (check) => check.eras === undefined || check.eras.includes(era),
      );
      const specResults = await runSpec({ ...spec, checks }, definition.name, resources, settings);
      results.push(...specResults.map((result) => ({ ...result, era })));
    }
    return { target: definition.name, era, specs: specs.map((spec) => spec.name), results };
  } finally {
    await resources.close();
  }
}

/** The driver specs a driver target gets: `--spec`'s, else the target's, else all. */
function driverSpecsOf(
  target: DriverTargetDefinition,
  settings: RunSettings,
): readonly DriverSpecDefinition[] {
  if (settings.driverSpecs !== undefined) return settings.driverSpecs;
  return target.specs === undefined
    ? settings.driverRegistry
    : findSpecs(settings.driverRegistry, target.specs);
}

/** `specs` and, right after each, the registered specs that extend it (when not named already). */
function withExtensions(
  registry: readonly SpecDefinition[],
  specs: readonly SpecDefinition[],
): SpecDefinition[] {
  const named = new Set(specs.map((spec) => spec.name));
  return specs.flatMap((spec) => [
    spec,
    ...registry.filter((other) => other.extends === spec.name && !named.has(other.name)),
  ]);
}

async function selectSpecs(
  definition: TargetDefinition,
  resources: TargetResources,
  settings: RunSettings,
): Promise<readonly SpecDefinition[]> {
  if (settings.specs !== undefined) return withExtensions(settings.registry, settings.specs);
  if (definition.specs !== undefined)
    return withExtensions(settings.registry, findSpecs(settings.registry, definition.specs));
  const detected: SpecDefinition[] = [];
  for (const spec of settings.registry) {
    const scope = new CheckScope();
    const context = resources.contextFor(scope, settings.timeoutMs);
    const found = await withTimeout(
      spec.detect(context),
      settings.timeoutMs,
      `detection of ${spec.name}`,
    ).catch(() => false);
    resources.closeLater(scope);
    if (found) detected.push(spec);
  }
  return detected;
}
