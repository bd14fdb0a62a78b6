/**
 * An orchestrator: several drivers behind one driver, with prefixes so names never collide.
 *
 * @module
 */

import { createHash } from 'node:crypto';
import { BaseDriver, type BaseDriverOptions } from './base-driver.js';
import { type HealthcheckCapability, type HealthReport, hasCapability } from './capabilities.js';
import type { CallableDriver, CallOptions } from './driver.js';
import type { DriverMetaInput } from './driver-meta.js';
import { McsError } from './errors.js';
import type { FunctionCall } from './function-call.js';
import { FUNCTION_NAME_PATTERN, type FunctionDefinition } from './function-definition.js';

/** A driver of an orchestrator, with the prefix its functions get. */
export interface OrchestratorMember {
  /** The driver. */
  driver: CallableDriver;
  /** Overrides `driver.meta.prefix`; without either, the names stay as they are. */
  prefix?: string;
}

/**
 * What the orchestrator does when members without a prefix expose the same name.
 *
 * - `prefix` (default): each of them exposes that name under its label (see
 *   {@link Orchestrator}); the other names stay as they are.
 * - `error`: building or refreshing fails with `NAME_COLLISION`.
 */
export type CollisionPolicy = 'prefix' | 'error';

/** What {@link createOrchestrator} takes. */
export interface OrchestratorOptions extends Omit<BaseDriverOptions, 'meta'> {
  /** The drivers, in the order their functions are listed. */
  drivers: readonly (CallableDriver | OrchestratorMember)[];
  /** Names exposed by several unprefixed members: `prefix` (default) or `error`. */
  collisions?: CollisionPolicy;
  /** Joins a prefix and a name: `prefix + separator + name`. One to three of `_ - . : /`; defaults to `_`. */
  separator?: string;
  /** Overrides of the orchestrator's own metadata; see {@link createOrchestrator} for defaults. */
  meta?: Partial<DriverMetaInput>;
}

interface Route {
  member: OrchestratorMember;
  name: string;
}

const SEPARATOR_PATTERN = /^[-_.:/]{1,3}$/;

function toMember(entry: CallableDriver | OrchestratorMember): OrchestratorMember {
  return 'meta' in entry ? { driver: entry } : entry;
}

/** A UUID (version 8, name-based) from the members' ids and prefixes: same drivers, same id. */
function derivedId(members: readonly OrchestratorMember[]): string {
  const hash = createHash('sha256');
  for (const member of members)
    hash.update(`${member.driver.meta.id}\u0000${member.prefix ?? ''}\u0000`);
  const hex = hash.digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function withPrefix(member: OrchestratorMember): OrchestratorMember {
  const prefix = member.prefix ?? member.driver.meta.prefix;
  return prefix === undefined ? { driver: member.driver } : { driver: member.driver, prefix };
}

/** A label from a protocol name: lower case, runs of other characters as `_`, `driver` if empty. */
function protocolLabel(protocol: string): string {
  return (
    protocol
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'driver'
  );
}

/**
 * The label of each unprefixed member: its protocol in lower case (`rest`, `mcp`), and for the
 * second, third, ... member with the same one, `rest2`, `rest3`, ... in member order.
 */
function automaticLabels(members: readonly OrchestratorMember[]): Map<OrchestratorMember, string> {
  const labels = new Map<OrchestratorMember, string>();
  const seen = new Map<string, number>();
  for (const member of members) {
    if (member.prefix !== undefined) continue;
    const base = protocolLabel(member.driver.meta.protocol);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    labels.set(member, count === 1 ? base : `${base}${count}`);
  }
  return labels;
}

function joinDistinct(values: readonly string[]): string {
  return [...new Set(values)].sort().join(', ');
}

/**
 * Several drivers presented as one (an orchestrator is itself a driver, so it can be nested).
 *
 * Each function is exposed as `prefix + separator + name` when its driver has a prefix, and
 * the orchestrator's description and system message list them all; a parsed call is routed
 * to the driver that owns the name, under its own unprefixed name. It declares `healthcheck`,
 * which asks every member that has one.
 *
 * Collisions: when members without a prefix expose the same name, each of them exposes that
 * name as `label + separator + name` (with the `prefix` policy, the default), and only that
 * name: a member's label is its protocol in lower case (`rest_getPet`, `mcp_getPet`), numbered
 * from the second member of a protocol on (`rest2_getPet`), in member order. The names are
 * stable: the same members in the same order give the same names, and adding a member never
 * changes another's label (though it can make one of its names collide, and so prefixed).
 * A name that still collides (explicit prefixes that clash) is a `NAME_COLLISION`.
 *
 * Members can be added and removed at runtime ({@link Orchestrator.addDriver},
 * {@link Orchestrator.removeDriver}); the description and system message follow at once.
 * The orchestrator's `meta.id` stays the one derived from its first members.
 *
 * @see mcs §3 (`prefix`), §5
 */
export class Orchestrator extends BaseDriver implements HealthcheckCapability {
  readonly #separator: string;
  readonly #collisions: CollisionPolicy;
  #members: readonly OrchestratorMember[];
  #functions: readonly FunctionDefinition[] = [];
  #routes: ReadonlyMap<string, Route> = new Map();

  constructor(options: OrchestratorOptions) {
    const members = options.drivers.map(toMember).map(withPrefix);
    const separator = options.separator ?? '_';
    if (!SEPARATOR_PATTERN.test(separator)) {
      throw new McsError({
        code: 'CONFIG_INVALID',
        message: `separator ${JSON.stringify(separator)} must be one to three of _ - . : /`,
      });
    }
    const drivers = members.map((member) => member.driver);
    super({
      ...options,
      meta: {
        id: derivedId(members),
        protocol: joinDistinct(drivers.map((driver) => driver.meta.protocol)) || 'MCS',
        transport: joinDistinct(drivers.map((driver) => driver.meta.transport)) || 'In-Process',
        spec_format: 'JSON-Schema',
        capabilities: ['healthcheck'],
        ...options.meta,
      },
    });
    this.#members = members;
    this.#separator = separator;
    this.#collisions = options.collisions ?? 'prefix';
    this.refresh();
  }

  /** The members, in order, with the prefix in force for each. */
  get members(): readonly OrchestratorMember[] {
    return this.#members;
  }

  /**
   * Adds a member after the others and rebuilds the function list; on a collision the
   * orchestrator stays as it was.
   *
   * @throws McsError `NAME_COLLISION` or `FUNCTION_INVALID`, as {@link Orchestrator.refresh}.
   */
  addDriver(entry: CallableDriver | OrchestratorMember): void {
    this.#replaceMembers([...this.#members, withPrefix(toMember(entry))]);
  }

  /**
   * Removes the member whose driver is `driver` and rebuilds the function list.
   *
   * @returns false when `driver` is not a member.
   */
  removeDriver(driver: CallableDriver): boolean {
    const remaining = this.#members.filter((member) => member.driver !== driver);
    if (remaining.length === this.#members.length) return false;
    this.#replaceMembers(remaining);
    return true;
  }

  #replaceMembers(members: readonly OrchestratorMember[]): void {
    const previous = this.#members;
    this.#members = members;
    try {
      this.refresh();
    } catch (error) {
      this.#members = previous;
      throw error;
    }
  }

  /**
   * Rebuilds the merged function list from the members; call it when a member's functions change.
   *
   * @throws McsError `NAME_COLLISION` when two functions get the same name after prefixing,
   *   `FUNCTION_INVALID` when a prefixed name breaks the name rules.
   */
  refresh(): void {
    const functions: FunctionDefinition[] = [];
    const routes = new Map<string, Route>();
    const owners = new Map<string, number>();
    const listed = this.#members.map((member) => {
      const definitions = member.driver.listFunctions();
      for (const definition of definitions) {
        const name = this.#prefixed(member.prefix, definition.name);
        owners.set(name, (owners.get(name) ?? 0) + 1);
      }
      return { member, definitions };
    });
    const labels = this.#collisions === 'prefix' ? automaticLabels(this.#members) : new Map();
    for (const { member, definitions } of listed) {
      for (const definition of definitions) {
        const base = this.#prefixed(member.prefix, definition.name);
        const label = labels.get(member);
        const name =
          label !== undefined && (owners.get(base) ?? 0) > 1
            ? this.#prefixed(label, definition.name)
            : base;
        const existing = routes.get(name);
        if (existing !== undefined) {
          throw new McsError({
            code: 'NAME_COLLISION',
            message: `function name ${JSON.stringify(name)} is exposed by driver ${existing.member.driver.meta.id} and by driver ${member.driver.meta.id}; give one of them a prefix`,
            data: { name, drivers: [existing.member.driver.meta.id, member.driver.meta.id] },
          });
        }
        if (!FUNCTION_NAME_PATTERN.test(name)) {
          throw new McsError({
            code: 'FUNCTION_INVALID',
            message: `prefixed function name ${JSON.stringify(name)} breaks the name rules (1-128 characters of A-Za-z0-9_.:/-)`,
          });
        }
        routes.set(name, { member, name: definition.name });
        functions.push({ ...definition, name });
      }
    }
    this.#functions = functions;
    this.#routes = routes;
    this.resetParser();
    this.compileFunctions();
  }

  #prefixed(prefix: string | undefined, name: string): string {
    return prefix === undefined ? name : `${prefix}${this.#separator}${name}`;
  }

  /** The merged functions, under their prefixed names. */
  listFunctions(): readonly FunctionDefinition[] {
    return this.#functions;
  }

  /** Routes a call to the member that owns its name, under the member's own name. */
  async executeCall(call: FunctionCall, options?: CallOptions): Promise<unknown> {
    const route = this.#routes.get(call.name);
    if (route === undefined) {
      throw new McsError({
        code: 'CALL_INVALID',
        message: `there is no function named ${JSON.stringify(call.name)}`,
      });
    }
    return await route.member.driver.executeCall(
      { name: route.name, arguments: call.arguments },
      options,
    );
  }

  /**
   * Asks every member that has a health check. The report's `drivers` maps each member (by
   * prefix, else id) to its report, `{status: "unsupported"}` for members without one; the
   * overall status is `ok` when every checked member is ok, `error` when all are in error,
   * else `degraded`.
   */
  async healthcheck(): Promise<HealthReport> {
    const entries = await Promise.all(
      this.#members.map(async (member): Promise<[string, Record<string, unknown>]> => {
        const key = member.prefix ?? member.driver.meta.id;
        if (!hasCapability(member.driver, 'healthcheck')) return [key, { status: 'unsupported' }];
        try {
          return [key, await member.driver.healthcheck()];
        } catch (error) {
          return [
            key,
            { status: 'error', error: error instanceof Error ? error.message : String(error) },
          ];
        }
      }),
    );
    const checked = entries
      .map(([, report]) => report.status)
      .filter((status) => status !== 'unsupported');
    const status = checked.every((entry) => entry === 'ok')
      ? 'ok'
      : checked.every((entry) => entry === 'error')
        ? 'error'
        : 'degraded';
    return { status, drivers: Object.fromEntries(entries) };
  }
}

/**
 * Combines drivers into one {@link Orchestrator}.
 *
 * Metadata defaults: an id derived from the members' ids and prefixes (stable across runs),
 * `protocol` and `transport` listing the members' distinct values, `spec_format`
 * `JSON-Schema`, `capabilities` `["healthcheck"]`.
 *
 * @throws McsError `NAME_COLLISION` when two functions collide after prefixing (see
 *   {@link Orchestrator} for the automatic labels); `CONFIG_INVALID`
 *   for a bad separator; `META_INVALID`, `FUNCTION_INVALID` as for any driver.
 * @see mcs §3 (`prefix`)
 */
export function createOrchestrator(options: OrchestratorOptions): Orchestrator {
  return new Orchestrator(options);
}
