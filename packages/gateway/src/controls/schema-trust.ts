/**
 * Schema trust at ingest (§4.4): every upstream input schema is meta-validated and bounded when
 * a catalog is built; the findings make a report, and strict mode refuses the catalog.
 *
 * @module
 */

import type { Catalog } from '../browse/catalog.js';
import { GatewayError } from '../errors.js';
import {
  createSchemaMetaValidator,
  DEFAULT_SCHEMA_LIMITS,
  type SchemaLimits,
  schemaLimitProblem,
} from '../validation/schema-validation.js';
import type { SchemaTrustSettings } from './controls-options.js';

/**
 * One tool whose input schema failed ingest checks.
 *
 * @see gateway-surface §4.4
 */
export interface FlaggedSchema {
  /** The tool. */
  tool_id: string;
  /** Its upstream server key. */
  upstream: string;
  /** What is wrong: a bound broken or the meta-schema's complaint. */
  reason: string;
}

/**
 * What schema trust found in one catalog: the report of a refresh (§4.4 `last_refresh_report`).
 *
 * @see gateway-surface §4.4
 */
export interface SchemaTrustReport {
  /** `lenient` kept the flagged tools (their execute answers `SCHEMA_INVALID`); `strict` refused. */
  mode: 'lenient' | 'strict';
  /** Schemas checked. */
  checked: number;
  /** The tools that failed, in id order. */
  flagged: FlaggedSchema[];
}

/**
 * The ingest-time schema checks of one runtime.
 *
 * @see gateway-surface §4.4 (schema trust and complexity)
 */
export interface SchemaTrust {
  /** The bounds in force; the runtime's compiler must use the same. */
  readonly limits: SchemaLimits;
  /**
   * Checks every tool of `catalog`, synchronously (so a rebuild stays atomic). In strict mode
   * a flagged tool throws {@link GatewayError} `SCHEMA_INVALID` with the report in
   * `data.report`, which refuses the catalog.
   */
  inspect(catalog: Catalog): SchemaTrustReport;
}

/** Flagged tools named in a strict refusal's message. */
const NAMED_IN_MESSAGE = 3;

/**
 * Creates the {@link SchemaTrust} of `settings`; loads ajv for every dialect first, so that
 * `inspect` needs no await. A schema object already judged is not judged again (a refresh
 * of one upstream keeps the others' tool objects).
 *
 * @see gateway-surface §4.4
 */
export async function createSchemaTrust(settings: SchemaTrustSettings): Promise<SchemaTrust> {
  const limits: SchemaLimits = {
    maxLength: settings.limits.maxLength ?? DEFAULT_SCHEMA_LIMITS.maxLength,
    maxDepth: settings.limits.maxDepth ?? DEFAULT_SCHEMA_LIMITS.maxDepth,
    maxProperties: settings.limits.maxProperties ?? DEFAULT_SCHEMA_LIMITS.maxProperties,
  };
  const metaProblem = await createSchemaMetaValidator();
  const verdicts = new WeakMap<object, string | null>();

  function problemOf(schema: unknown): string | undefined {
    const cached = typeof schema === 'object' && schema !== null ? verdicts.get(schema) : undefined;
    if (cached !== undefined) return cached ?? undefined;
    const problem = schemaLimitProblem(schema, limits) ?? metaProblem(schema);
    if (typeof schema === 'object' && schema !== null) verdicts.set(schema, problem ?? null);
    return problem;
  }

  return {
    limits,
    inspect(catalog) {
      const flagged: FlaggedSchema[] = [];
      for (const toolId of catalog.toolIds) {
        const entry = catalog.entry(toolId);
        if (entry === undefined) continue;
        const reason = problemOf(entry.tool.inputSchema ?? { type: 'object' });
        if (reason !== undefined)
          flagged.push({ tool_id: toolId, upstream: entry.upstream, reason });
      }
      const report: SchemaTrustReport = {
        mode: settings.mode,
        checked: catalog.toolIds.length,
        flagged,
      };
      if (settings.mode === 'strict' && flagged.length > 0) {
        const named = flagged
          .slice(0, NAMED_IN_MESSAGE)
          .map((item) => `${item.tool_id} (${item.reason})`)
          .join('; ');
        throw new GatewayError({
          code: 'SCHEMA_INVALID',
          message: `catalog refused: ${flagged.length} upstream schema(s) failed ingest checks: ${named}`,
          data: { report: { ...report } },
        });
      }
      return report;
    },
  };
}
