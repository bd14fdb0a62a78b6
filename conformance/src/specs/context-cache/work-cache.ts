/**
 * The cache the checks work on: the fixture when the server lists it, else one discovered with
 * `context.list_caches`, else none.
 *
 * @module
 */

import type { CheckContext, CheckOutcome } from '../../check.js';
import { skip } from '../../outcome.js';
import { isRecord } from '../../session/json-rpc.js';
import { FIXTURE_CACHE } from './fixture.js';
import {
  callTool,
  INSPECT_CACHE_TOOL,
  LIST_CACHES_TOOL,
  RESOLVE_TOOL,
  successObject,
} from './tool-calls.js';

/** Which cache the checks use, and what is known about it. */
export type WorkCache =
  | {
      /** The fixture: its documents and answers are known. */
      readonly kind: 'fixture';
      /** The cache name as listed. */
      readonly name: string;
    }
  | {
      /** A cache the server lists that inspects as valid and resolves; its content is unknown. */
      readonly kind: 'discovered';
      /** The cache name as listed. */
      readonly name: string;
    }
  | {
      /** No cache to work on. */
      readonly kind: 'none';
      /** Why, for skip messages. */
      readonly reason: string;
    };

/** How many listed caches discovery tries before giving up. */
const DISCOVERY_LIMIT = 5;

/** The last segment of a listed path (servers may list root-relative or absolute paths). */
export function lastSegment(path: string): string {
  return (
    path
      .split('/')
      .filter((segment) => segment !== '')
      .pop() ?? path
  );
}

async function usable(context: CheckContext, name: string): Promise<boolean> {
  const inspected = successObject(await callTool(context, INSPECT_CACHE_TOOL, { cache: name }), '');
  if (typeof inspected === 'string' || inspected.value.valid !== true) return false;
  const resolved = await callTool(context, RESOLVE_TOOL, { cache: name, query: '', budget: 0 });
  return typeof successObject(resolved, '') !== 'string';
}

/**
 * Finds the work cache once per target. The fixture is recognized by its name
 * ({@link FIXTURE_CACHE}) in `context.list_caches`; any other server gets the first listed
 * cache with a manifest that inspects as valid and resolves.
 */
export function findWorkCache(context: CheckContext): Promise<WorkCache> {
  return context.memo('context-cache:work-cache', async (): Promise<WorkCache> => {
    const listed = successObject(await callTool(context, LIST_CACHES_TOOL, {}), LIST_CACHES_TOOL);
    if (typeof listed === 'string') return { kind: 'none', reason: listed };
    const caches = Array.isArray(listed.value.caches) ? listed.value.caches : [];
    const entries = caches
      .filter(isRecord)
      .flatMap((entry) =>
        typeof entry.path === 'string'
          ? [{ path: entry.path, hasManifest: entry.has_manifest }]
          : [],
      );
    const fixture = entries.find((entry) => lastSegment(entry.path) === FIXTURE_CACHE);
    if (fixture !== undefined) return { kind: 'fixture', name: fixture.path };
    for (const entry of entries
      .filter((candidate) => candidate.hasManifest === true)
      .slice(0, DISCOVERY_LIMIT)) {
      if (await usable(context, entry.path)) return { kind: 'discovered', name: entry.path };
    }
    return {
      kind: 'none',
      reason: 'the server lists no cache that inspects as valid and resolves',
    };
  });
}

/** The skip of a check that needs the fixture's known documents on a server without it. */
export function fixtureSkip(): CheckOutcome {
  return skip(
    `needs the conformance fixture cache "${FIXTURE_CACHE}" (known documents), which this server does not list; ` +
      'targets the runner starts get it (createFixtureRootTarget)',
  );
}

/** The skip of a check that needs some cache to call on a server that has none. */
export function noCacheSkip(work: Extract<WorkCache, { kind: 'none' }>): CheckOutcome {
  return skip(`needs a cache to call: ${work.reason}`);
}
