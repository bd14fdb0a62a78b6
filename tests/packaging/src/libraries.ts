/**
 * The documented libraries: where each README and quickstart is, which conformance specs check
 * what the library implements, and what its quickstart must print.
 *
 * @module
 */

/** One library of `packages/*` as its README documents it. */
export interface DocumentedLibrary {
  /** The package name. */
  readonly name: string;
  /** Its folder relative to the workspace root. */
  readonly path: string;
  /** The conformance specs (`x-conformance --spec NAME`) that check servers built with it. */
  readonly specs: readonly string[];
  /** Text the quickstart's output must contain; a string matches literally. */
  readonly expectedOutput: readonly (string | RegExp)[];
}

/** The quickstart of every library, relative to its folder. */
export const QUICKSTART_FILE = 'examples/quickstart.ts';

/** Every library of `packages/*`, sorted by path. */
export const DOCUMENTED_LIBRARIES: readonly DocumentedLibrary[] = [
  {
    name: '@x/cash',
    path: 'packages/cash',
    specs: ['cash'],
    expectedOutput: [
      '- **get** — Retrieve an order by ID.',
      '{\\"order_id\\":\\"A-17\\",\\"status\\":\\"open\\"}',
    ],
  },
  {
    name: '@x/context-cache',
    path: 'packages/context-cache',
    specs: ['context-cache'],
    expectedOutput: ['{"documents":[{"id":"deploy.md",', '"documents_selected":2'],
  },
  {
    name: '@x/core',
    path: 'packages/core',
    specs: ['mcp-base'],
    expectedOutput: [
      /^1 tool on \/mcp, \d+ tokens$/m,
      '{"tool":"get_forecast","arguments":{"city":"Oslo"}}',
    ],
  },
  {
    name: '@x/gateway',
    path: 'packages/gateway',
    specs: ['gateway'],
    expectedOutput: [
      /^weather:get_forecast#[0-9a-f]{8}$/m,
      'ok inline [{"type":"text","text":"Oslo: sunny"}]',
    ],
  },
  {
    name: '@x/mcs',
    path: 'packages/mcs',
    specs: ['mcs'],
    expectedOutput: [
      'the system message describes listBooks',
      '"status":200',
      '\\"path\\":\\"/books?q=dune\\"',
    ],
  },
  {
    name: '@x/progressive-disclosure',
    path: 'packages/progressive-disclosure',
    specs: ['progressive-disclosure'],
    expectedOutput: [
      '{"name":"get_forecast","description":"Gets the 3-day forecast of a city.",',
      'Oslo: sunny, 21 °C',
    ],
  },
];

/** The expected texts `output` lacks, in order (empty when it has them all). */
export function missingOutput(
  output: string,
  expected: readonly (string | RegExp)[],
): (string | RegExp)[] {
  return expected.filter((item) =>
    typeof item === 'string' ? !output.includes(item) : !item.test(output),
  );
}
