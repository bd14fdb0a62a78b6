/**
 * Document ids: the normalized source path relative to the single ingestion root.
 *
 * @module
 */

/**
 * Normalizes a path relative to the ingestion root into a document id: backslashes become
 * forward slashes, every leading `./` is removed, and the result is lowercased (Unicode full
 * lowercase, locale-independent, like the original's `str::to_lowercase`).
 *
 * @example `./Docs/Deployment.md` gives `docs/deployment.md`.
 * @see document_model.md §Identity
 */
export function normalizeDocumentId(relativePath: string): string {
  let id = relativePath.replaceAll('\\', '/');
  while (id.startsWith('./')) id = id.slice(2);
  return id.toLowerCase();
}
