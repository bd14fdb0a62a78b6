/**
 * Tool catalogs the tests build themselves, shaped like the real catalogs the catalog server is
 * meant for (tools of many MCP servers, names that repeat across servers or break the MCP naming
 * rule, schemas whose key order is not the usual one), so no test reads data from outside the
 * repository. Both builders are pure: the same call gives the same entries.
 *
 * @module
 */

/** One catalog entry as plain JSON, the way a catalog file holds it. */
export type RawCatalogEntry = Record<string, unknown>;

/** Tool names that several servers of {@link buildServersCatalog} list. */
export const REPEATED_NAMES = ['search', 'fetch', 'read_file', 'write_file', 'list_directory'];

/** The servers of {@link buildServersCatalog} that list every name of {@link REPEATED_NAMES}. */
const FILE_SERVERS = ['files-local', 'files-remote', 'files-archive'];

/** Servers with tools of their own, in catalog order; `web-search` comes first. */
const OWN_SERVERS = [
  'web-search',
  'market-data',
  'weather',
  'calendar',
  'notes',
  'translator',
  'maps',
  'mail',
  'tickets',
  'recipes',
];

/** The four key orders real servers write input schemas in (the SDKs and Python libraries). */
function schemaInStyle(
  style: number,
  properties: Record<string, unknown>,
  required: string[],
): RawCatalogEntry {
  switch (style % 4) {
    case 0:
      return { type: 'object', properties, required };
    case 1:
      return { properties, required, title: 'Arguments', type: 'object' };
    case 2:
      return {
        type: 'object',
        properties,
        required,
        additionalProperties: false,
        $schema: 'http://json-schema.org/draft-07/schema#',
      };
    default:
      return { properties, type: 'object' };
  }
}

function entry(
  server: string,
  name: string,
  description: string,
  inputSchema: RawCatalogEntry,
): RawCatalogEntry {
  return { server, name, description, inputSchema, id: `${server}/${name}`, category: 'Testing' };
}

/** The first entry: a search whose `num_results` must be a number. */
function webSearchEntry(): RawCatalogEntry {
  return entry('web-search', 'web_search', '用关键词搜索网页，返回标题、链接和摘要', {
    type: 'object',
    properties: {
      query: { type: 'string', description: '搜索关键词' },
      num_results: { type: 'number', default: 5, description: 'how many results (5 by default)' },
    },
    required: ['query'],
    additionalProperties: false,
    $schema: 'http://json-schema.org/draft-07/schema#',
  });
}

/** A tool whose schema ajv rejects: `exclusiveMinimum: true` is draft-04 syntax in a newer draft. */
function brokenPdfEntry(): RawCatalogEntry {
  return entry('pdf-reader', 'read_pdf', 'Reads the text of PDF files, whole or by page.', {
    type: 'object',
    properties: {
      sources: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            path: { type: 'string', minLength: 1 },
            pages: {
              type: 'array',
              items: { type: 'integer', exclusiveMinimum: true, minimum: 0 },
            },
          },
        },
      },
      include_metadata: { type: 'boolean', default: true },
    },
    required: ['sources'],
    additionalProperties: false,
  });
}

/** Six tools of one server with names of its own, in the server's schema style. */
function ownTools(server: string, style: number): RawCatalogEntry[] {
  const noun = server.replace(/-/g, '_');
  return ['get', 'list', 'create', 'update', 'delete', 'describe'].map((verb, index) =>
    entry(
      server,
      `${verb}_${noun}`,
      `${verb[0]?.toUpperCase()}${verb.slice(1)} ${server} items — café-grade accuracy (${index + 1}/6).`,
      schemaInStyle(
        style + index,
        {
          id: { type: 'string', description: `the ${server} item` },
          limit: { type: 'integer', minimum: 1, maximum: 100 },
          filter: { type: 'object', properties: { tag: { type: 'string' } } },
        },
        ['id'],
      ),
    ),
  );
}

/**
 * A catalog of tools from 14 servers: 77 entries; every name of {@link REPEATED_NAMES} is listed
 * by three servers; the first entry is `web-search/web_search`; `pdf-reader/read_pdf` has a
 * schema that does not compile.
 */
export function buildServersCatalog(): RawCatalogEntry[] {
  const entries: RawCatalogEntry[] = [webSearchEntry()];
  OWN_SERVERS.forEach((server, index) => {
    entries.push(...ownTools(server, index));
  });
  FILE_SERVERS.forEach((server, serverIndex) => {
    REPEATED_NAMES.forEach((name, index) => {
      entries.push(
        entry(
          server,
          name,
          `${name.replace('_', ' ')} on ${server}`,
          schemaInStyle(serverIndex + index, { path: { type: 'string' } }, ['path']),
        ),
      );
    });
  });
  entries.push(brokenPdfEntry());
  return entries;
}

/** How many entries {@link buildToolsCatalog} makes. */
export const TOOLS_CATALOG_SIZE = 4076;

/** The one name of {@link buildToolsCatalog} that breaks the MCP naming rule (it has spaces). */
export const NAME_WITH_SPACES = 'requestFirst Aid Assistance';

const DOMAINS = ['Chemical Engineering', 'Public Health', 'Music', 'Urban Planning', 'Law'];
const FIELDS = ['Forensic engineering', 'Logistics', 'Archives', 'Field work'];
const VERBS = ['get', 'list', 'analyze', 'schedule', 'estimate', 'track', 'compare', 'book'];
const NOUNS = ['Evidence', 'Route', 'Budget', 'Sample', 'Permit', 'Record', 'Quote', 'Forecast'];

/** The first entry: three required string arguments. */
function evidenceEntry(): RawCatalogEntry {
  const argument = (what: string) => ({ type: 'string', description: `the ${what}` });
  return {
    server: 'Chemical Engineering/Forensic engineering',
    name: 'analyzeEvidence',
    description: 'Analyze evidence collected at a scene',
    inputSchema: {
      type: 'object',
      properties: {
        evidence_type: argument('kind of evidence'),
        method: argument('analysis method'),
        sample: argument('sample to analyze'),
      },
      required: ['evidence_type', 'method', 'sample'],
    },
  };
}

/**
 * A catalog of {@link TOOLS_CATALOG_SIZE} tools with distinct names, from servers named
 * `Domain/Field` (spaces and a slash, so prefixes need sanitizing); the first entry is
 * `analyzeEvidence` and entry 1 is {@link NAME_WITH_SPACES}.
 */
export function buildToolsCatalog(): RawCatalogEntry[] {
  const entries: RawCatalogEntry[] = [evidenceEntry()];
  entries.push({
    server: 'Public Health/Field work',
    name: NAME_WITH_SPACES,
    description: 'Request first aid at a location',
    inputSchema: { type: 'object', properties: { location: { type: 'string' } } },
  });
  for (let index = 0; entries.length < TOOLS_CATALOG_SIZE; index += 1) {
    const verb = VERBS[index % VERBS.length] ?? 'get';
    const noun = NOUNS[Math.floor(index / VERBS.length) % NOUNS.length] ?? 'Record';
    const round = Math.floor(index / (VERBS.length * NOUNS.length));
    const domain = DOMAINS[index % DOMAINS.length] ?? 'Law';
    const field = FIELDS[round % FIELDS.length] ?? 'Archives';
    entries.push({
      server: `${domain}/${field}`,
      name: `${verb}${noun}V${round}`,
      description: `${verb} a ${noun.toLowerCase()} (variant ${round})`,
      inputSchema: {
        type: 'object',
        properties: { [`${noun.toLowerCase()}_id`]: { type: 'string' }, note: { type: 'string' } },
        required: [`${noun.toLowerCase()}_id`],
      },
    });
  }
  return entries;
}
