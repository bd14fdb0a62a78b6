/**
 * A server's own manifest, built from its options and its visible top-level namespaces.
 *
 * @module
 */

import { HELP_QUERY_EXTENSION } from '../help/help-options.js';
import { toLabel } from '../names.js';
import type { NamespaceNode } from '../registry.js';
import { functionVisible, localView, type Scope } from '../resolve.js';
import { CASH_VERSION, type CashManifest } from './manifest-schema.js';
import { validateManifest } from './manifest-text.js';

/** What a server says about itself in its manifest; the rest is derived. */
export interface ManifestOptions {
  /** `publisher` (default: the server name). */
  publisher?: string;
  /** `copyright`. */
  copyright?: string;
  /**
   * `endpoint`: the MCP endpoint URL, or a function giving it once known (after `serveHttp`
   * bound its port). The HTTP route falls back to the request's host with `/mcp`; otherwise
   * the fallback is the descriptor `stdio://<server name>`.
   */
  endpoint?: string | (() => string | undefined);
  /** `last_updated` (`YYYY-MM-DD`; default: today by the server's clock, UTC). */
  lastUpdated?: string;
  /** `cache_ttl` in seconds. */
  cacheTtl?: number;
  /** `authentication`. */
  authentication?: CashManifest['authentication'];
  /** `namespaces` as published; default: the visible top-level namespaces, or one entry for a root-only server. */
  namespaces?: CashManifest['namespaces'];
}

/** What {@link buildManifest} needs from the server. */
export interface ManifestSource {
  /** The server name. */
  name: string;
  /** The server's one-line description, for a root-only server's entry. */
  description: string | undefined;
  /** The tree. */
  root: NamespaceNode;
  /** The options. */
  options: ManifestOptions;
  /** The server's clock. */
  now: () => Date;
}

/**
 * Builds and validates the manifest as an anonymous caller would see it (the visibility hook is
 * asked with no session). Skills are listed by label, qualified by namespace below the root;
 * `extensions` declares the `help` query and offset (`x-help-query`).
 *
 * @throws CashError `INVALID_MANIFEST` when options make the manifest invalid.
 * @see cash-rfc §5.5, §5.6
 */
export function buildManifest(
  source: ManifestSource,
  scope: Scope,
  endpointFallback: string | undefined,
): CashManifest {
  const { options } = source;
  const view = localView(scope, source.root);
  const listed = [...view.children.values()].map((child) => ({
    suggested: child.label.toLowerCase(),
    description:
      child.description !== ''
        ? child.description
        : (child.mount?.summary((entry) => functionVisible(scope, child.path, entry)) ??
          child.label),
  }));
  const namespaces =
    options.namespaces ??
    (listed.length > 0
      ? listed
      : [
          {
            suggested: (toLabel(source.name) ?? 'server').toLowerCase(),
            description: source.description ?? `Functions of ${source.name}.`,
          },
        ]);
  const skills: Array<{ name: string; description: string }> = [];
  const queue = [view];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === undefined) break;
    const prefix = current.path.join('.');
    for (const skill of current.skills.values()) {
      skills.push({
        name: prefix === '' ? skill.label : `${prefix}.${skill.label}`,
        description: skill.description,
      });
    }
    for (const child of current.children.values()) {
      if (child.mount === undefined) queue.push(localView(scope, child));
    }
  }
  const configured = typeof options.endpoint === 'function' ? options.endpoint() : options.endpoint;
  const manifest = {
    cash_version: CASH_VERSION,
    last_updated: options.lastUpdated ?? source.now().toISOString().slice(0, 10),
    publisher: options.publisher ?? source.name,
    ...(options.copyright === undefined ? {} : { copyright: options.copyright }),
    endpoint: configured ?? endpointFallback ?? `stdio://${toLabel(source.name) ?? 'server'}`,
    ...(options.cacheTtl === undefined ? {} : { cache_ttl: options.cacheTtl }),
    ...(options.authentication === undefined ? {} : { authentication: options.authentication }),
    namespaces,
    ...(skills.length === 0 ? {} : { skills }),
    extensions: [{ ...HELP_QUERY_EXTENSION }],
  };
  return validateManifest(manifest, `the manifest of ${source.name}`);
}
