/**
 * The Server Manifest of cash-rfc §5.5 as a zod schema.
 *
 * @module
 */

import { z } from 'zod';

/** The CaSH specification version this package implements (cash-rfc 0.1.1). */
export const CASH_VERSION = '0.1.1';

/** The default `cache_ttl` in seconds when a manifest gives none (cash-rfc §5.5). */
export const DEFAULT_CACHE_TTL_SECONDS = 3600;

const Text = z.string().trim().min(1, 'must not be empty');

/** `last_updated`: an ISO 8601 date (`2026-04-24`) or date-time with offset. */
const IsoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be an ISO 8601 date (YYYY-MM-DD) or date-time',
});

/**
 * A CaSH Server Manifest (`/.well-known/cash-mcp.yaml`, and the `cash://server` resource).
 *
 * Required: `cash_version`, `last_updated`, `publisher`, `endpoint` (a URL: `https:`,
 * `http:` or a `stdio:` descriptor) and at least one `namespaces` entry. Optional:
 * `copyright`, `cache_ttl` (whole seconds, default 3600), `authentication` (`scheme` one of
 * `none`, `bearer`, `apikey`, `oauth2`; `docs_url`), `skills`, and our `extensions` (not in
 * the RFC). Unknown keys are dropped.
 *
 * @see cash-rfc §5.5, §5.6
 */
export const CashManifestSchema = z.object({
  /** The CaSH specification version the server implements (e.g. `"1.0"`). */
  cash_version: Text,
  /** The date of the last manifest update (ISO 8601). */
  last_updated: IsoDate,
  /** The publishing organisation or individual. */
  publisher: Text,
  /** A copyright statement. */
  copyright: Text.optional(),
  /** The MCP endpoint URL (or a `stdio:` descriptor). */
  endpoint: z.url({ error: 'must be a URL' }),
  /** Seconds aggregators should cache this manifest (default 3600). */
  cache_ttl: z.int().min(0).max(31_536_000).optional(),
  /** Authentication requirements; absent when none. */
  authentication: z
    .object({
      /** One of `none`, `bearer`, `apikey`, `oauth2`. */
      scheme: z.enum({
        /** No authentication. */
        none: 'none',
        /** A bearer token in `Authorization`. */
        bearer: 'bearer',
        /** An API key. */
        apikey: 'apikey',
        /** OAuth 2. */
        oauth2: 'oauth2',
      }),
      /** Where the authentication is documented. */
      docs_url: z.url({ error: 'must be a URL' }).optional(),
    })
    .optional(),
  /** Suggested namespaces, at least one. */
  namespaces: z
    .array(
      z.object({
        /** The suggested label. */
        suggested: Text,
        /** One line. */
        description: Text,
      }),
    )
    .min(1, 'must list at least one namespace'),
  /** The server's skills. */
  skills: z
    .array(
      z.object({
        /** The skill name. */
        name: Text,
        /** One line. */
        description: Text,
      }),
    )
    .optional(),
  /**
   * Extensions beyond cash-rfc the server offers (not in the RFC's schema; an aggregator that
   * does not know one loses nothing). Names start with `x-`.
   */
  extensions: z
    .array(
      z.object({
        /** The extension's name, `x-` then lowercase words joined by hyphens. */
        name: z.string().regex(/^x-[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must look like x-some-name'),
        /** One line on what it adds. */
        description: Text,
      }),
    )
    .optional(),
});

/** A CaSH Server Manifest; see {@link CashManifestSchema}. */
export type CashManifest = z.infer<typeof CashManifestSchema>;
