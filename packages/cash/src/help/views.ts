/**
 * What each layer of `help` shows, independent of the output format.
 *
 * @module
 */

import type { FunctionExample } from '../definitions.js';
import type { ParameterRow } from './parameters.js';

/** One line of a listing: a name and its one-liner (never signatures or parameters). */
export interface ListingEntry {
  /** The label, relative to the listed namespace. */
  name: string;
  /** One line. */
  description: string;
  /** `false` when the upstream behind a namespace is unavailable (cash-rfc §5.4.2). */
  available?: false;
}

/**
 * Which part of a listing an answer shows, when the listing was narrowed by a query or is
 * too large for one answer (cash-rfc §7.2 applied to help: the count, and ways to narrow).
 */
export interface ListingPage {
  /** The namespace argument that lists it again (`''` for the root). */
  namespace: string;
  /** The query that narrowed and ordered the entries, if any. */
  query: string | undefined;
  /** Entries of the listing before the query narrowed it. */
  unfiltered: number;
  /** Entries of the listing (after the query). */
  total: number;
  /** Entries skipped before the ones shown. */
  offset: number;
  /** Entries shown. */
  shown: number;
  /** The token bound of one help answer, when the listing exceeds it; `undefined` when it fits. */
  gatedAt: number | undefined;
}

/** Layer 0: the top-level namespaces, the root functions, the supported arguments. */
export interface IndexView {
  /** Discriminates the views. */
  kind: 'index';
  /** Top-level namespaces. */
  namespaces: ListingEntry[];
  /** Functions of the root namespace. */
  functions: ListingEntry[];
  /** The gate threshold, set only when it is above the 10,000 default (cash-rfc §7.3). */
  gateThreshold: number | undefined;
  /** Set when the listing was narrowed or paged. */
  page?: ListingPage;
}

/** Layer N: one namespace's sub-namespaces and functions. */
export interface NamespaceListingView {
  /** Discriminates the views. */
  kind: 'namespace';
  /** The full dotted path. */
  namespace: string;
  /** Sub-namespaces, by relative label. */
  namespaces: ListingEntry[];
  /** Functions. */
  functions: ListingEntry[];
  /** Set when the listing was narrowed or paged. */
  page?: ListingPage;
}

/** A listing view: the index or a namespace. */
export type ListingView = IndexView | NamespaceListingView;

/** Leaf+1: one function's documentation. */
export interface FunctionView {
  /** Discriminates the views. */
  kind: 'function';
  /** The full dotted namespace path (`''` for the root). */
  namespace: string;
  /** The function label. */
  name: string;
  /** The longer description (or the summary). */
  description: string;
  /** The parameter rows shown. */
  parameters: ParameterRow[];
  /** How many parameters `params="full"` adds. */
  hiddenParameters: number;
  /** One line on the result. */
  returns: string | undefined;
  /** The examples, when asked for. */
  examples: readonly FunctionExample[] | undefined;
  /** How many examples the function has (to advertise `examples=true`). */
  exampleCount: number;
}

/** Any help view. */
export type HelpView = IndexView | NamespaceListingView | FunctionView;
