/**
 * Checks of the protected resource metadata document (RFC 9728 §2, §3.3) the target's discovery
 * leads to.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, pass, skip } from '../../../outcome.js';
import { authInapplicable } from '../applicability.js';
import { discoveredMetadata } from '../metadata-discovery.js';

/** The document discovered, or the outcome of a check that cannot read one. */
async function metadataDocument(context: CheckContext): Promise<
  | {
      readonly document: Readonly<Record<string, unknown>>;
      readonly url: string;
      readonly source: string;
    }
  | CheckOutcome
> {
  const inapplicable = await authInapplicable(context);
  if (inapplicable !== undefined) return inapplicable;
  const found = await discoveredMetadata(context);
  if ('missing' in found || found.document === undefined) {
    return skip('no metadata document could be read (see auth.discovery.resource-metadata)');
  }
  return { document: found.document, url: found.url, source: found.source };
}

/** `authorization_servers` lists at least one issuer URL. */
export const authorizationServersCheck: Check = {
  requirement: 'auth.metadata.authorization-servers',
  definedIn: import.meta.url,
  async run(context) {
    const read = await metadataDocument(context);
    if ('status' in read) return read;
    const servers = read.document.authorization_servers;
    if (!Array.isArray(servers)) return fail(`${read.url}: authorization_servers is not an array`);
    if (servers.length === 0) return fail(`${read.url}: authorization_servers is empty`);
    const bad = servers.filter((server) => typeof server !== 'string' || !URL.canParse(server));
    return bad.length > 0
      ? fail(`${read.url}: authorization_servers has ${bad.length} entry that is not a URL`)
      : pass(`${read.url} lists ${servers.length} authorization server(s)`);
  },
};

/** A URI compared the way RFC 3986 §6.2.2 normalizes it: scheme and host case, no empty path. */
function canonical(uri: string): string | undefined {
  if (!URL.canParse(uri)) return undefined;
  const url = new URL(uri);
  return url.pathname === '/' && url.search === '' ? url.origin : url.href;
}

/** `resource` is the endpoint's canonical URI (or, from the root well-known URI, its origin). */
export const resourceCheck: Check = {
  requirement: 'auth.metadata.resource',
  definedIn: import.meta.url,
  async run(context) {
    const read = await metadataDocument(context);
    if ('status' in read) return read;
    const endpoint = context.target.url ?? '';
    const resource = read.document.resource;
    if (typeof resource !== 'string') return fail(`${read.url}: resource is not a string`);
    const expected = [canonical(endpoint)];
    if (read.source === 'root') expected.push(new URL(endpoint).origin);
    return expected.includes(canonical(resource))
      ? pass(`${read.url}: resource is ${resource}`)
      : fail(`${read.url}: resource is ${resource}, not the endpoint ${endpoint}`);
  },
};
