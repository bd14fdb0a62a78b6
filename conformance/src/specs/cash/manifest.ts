/**
 * The CaSH server manifest (cash-rfc §5.5) as a zod schema, and the two places a target
 * publishes it: `/.well-known/cash-mcp.yaml` over HTTP and the `cash://server` resource (§5.6).
 *
 * @module
 */

import { ProtocolError } from '@modelcontextprotocol/client';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { CheckContext } from '../../check.js';
import { describeError } from '../../errors.js';
import { listedResourceUris } from './tool-list.js';

/** The well-known path of the manifest. */
export const MANIFEST_PATH = '/.well-known/cash-mcp.yaml';

/** The identity resource. */
export const SERVER_RESOURCE_URI = 'cash://server';

/** An ISO 8601 date, optionally with a time. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function isUrl(text: string): boolean {
  return URL.canParse(text);
}

/** The manifest fields of cash-rfc §5.5; unknown fields are allowed. */
export const CashManifestSchema = z.looseObject({
  cash_version: z.string().min(1),
  last_updated: z
    .string()
    .regex(ISO_DATE, 'must be an ISO 8601 date')
    .refine((text) => !Number.isNaN(Date.parse(text)), 'must be a real date'),
  publisher: z.string().min(1),
  copyright: z.string().optional(),
  endpoint: z.string().refine(isUrl, 'must be a URL'),
  cache_ttl: z.number().int().nonnegative().optional(),
  authentication: z
    .looseObject({
      scheme: z.enum(['none', 'bearer', 'apikey', 'oauth2']),
      docs_url: z.string().refine(isUrl, 'must be a URL').optional(),
    })
    .optional(),
  namespaces: z
    .array(z.looseObject({ suggested: z.string().min(1), description: z.string().min(1) }))
    .min(1),
  skills: z
    .array(z.looseObject({ name: z.string().min(1), description: z.string().min(1) }))
    .optional(),
});

/** The problems of a manifest value, one line each (none when it is valid). */
export function manifestProblems(value: unknown): string[] {
  const parsed = CashManifestSchema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return `${path === '' ? 'the manifest' : path}: ${issue.message}`;
  });
}

/** What GET of the well-known URL answered. */
export interface WellKnownManifest {
  /** The URL fetched. */
  readonly url: string;
  /** The HTTP status. */
  readonly status: number;
  /** The Content-Type header (empty when absent). */
  readonly contentType: string;
  /** The body. */
  readonly body: string;
}

/** GET of the well-known manifest, once per target; undefined for targets not served over HTTP. */
export function wellKnownManifest(context: CheckContext): Promise<WellKnownManifest | undefined> {
  return context.memo('cash:well-known', async () => {
    const endpoint = context.target.url;
    if (endpoint === undefined) return undefined;
    const url = new URL(MANIFEST_PATH, endpoint).href;
    const response = await fetch(url, {
      headers: { accept: 'application/yaml' },
      signal: AbortSignal.timeout(context.timeoutMs),
    });
    return {
      url,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: await response.text(),
    };
  });
}

/** The well-known manifest parsed from YAML, or why it cannot be. */
export function parseManifestYaml(body: string): { value: unknown } | { error: string } {
  try {
    return { value: parseYaml(body) as unknown };
  } catch (error) {
    return { error: describeError(error) };
  }
}

/** What reading `cash://server` gave. */
export interface ServerResource {
  /** Whether resources/list has it. */
  readonly listed: boolean;
  /** The text of its first content, when it could be read. */
  readonly text: string | undefined;
  /** Its MIME type, when given. */
  readonly mimeType: string | undefined;
  /** Why it could not be read. */
  readonly error: string | undefined;
}

/** `cash://server`, listed and read, once per target. */
export function serverResource(context: CheckContext): Promise<ServerResource> {
  return context.memo('cash:server-resource', async () => {
    const listed = (await listedResourceUris(context)).includes(SERVER_RESOURCE_URI);
    const client = await context.client();
    try {
      const result = await client.readResource(
        { uri: SERVER_RESOURCE_URI },
        { timeout: context.timeoutMs },
      );
      const first = result.contents[0];
      const text = first !== undefined && 'text' in first ? first.text : undefined;
      return {
        listed,
        text,
        mimeType: first?.mimeType,
        error: text === undefined ? 'the resource has no text content' : undefined,
      };
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      return { listed, text: undefined, mimeType: undefined, error: describeError(error) };
    }
  });
}
