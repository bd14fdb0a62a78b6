/**
 * Checks of the system prompt guidance (§8.2) and of the storage SHOULDs (§7), which no client
 * can observe over MCP.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { openingResult } from '../../../session/raw-session.js';

/** The points of §8.2, and how to recognize each in the guidance text. */
const GUIDANCE_POINTS: readonly (readonly [string, RegExp])[] = [
  ['the two stages (tools/list, then the resource)', /tools\/list/i],
  ['that short descriptions are enough to choose', /\b(enough|sufficient|suffice)/i],
  [
    'not to read the resource without naming tools',
    /MISSING_TOOL_SELECTION|\bwithout\b[^.\n]{0,40}\btools\b/i,
  ],
  ['the syntax of a read', /tool_descriptions\?tools=/],
];

/** The server's instructions, when it sends them, cover the §8.2 points. */
export const systemPromptGuidanceCheck: Check = {
  requirement: 'pd.8.2.system-prompt-guidance',
  async run(context) {
    const session = await context.session();
    const result = openingResult(session);
    const instructions = isRecord(result) ? result.instructions : undefined;
    if (typeof instructions !== 'string' || !instructions.includes('tool_descriptions')) {
      return skip(
        'the instructions carry no guidance about tool_descriptions; the server may document it outside MCP, where no client can see it',
      );
    }
    const missing = GUIDANCE_POINTS.filter(([, pattern]) => !pattern.test(instructions)).map(
      ([what]) => what,
    );
    return missing.length > 0
      ? fail(`the instructions do not cover ${missing.join('; ')}`)
      : pass('the instructions cover the two stages, selection, naming tools and the syntax');
  },
};

/** A check of a SHOULD about the server's storage, which MCP does not expose. */
function unobservable(requirement: string, what: string): Check {
  return {
    requirement,
    run: async () => skip(`not observable over MCP: ${what}`),
  };
}

/** The checks of §7, in catalog order. */
export const storageChecks: readonly Check[] = [
  unobservable('pd.7.1.file-per-tool', 'how the server stores descriptions'),
  unobservable('pd.7.2.reload-on-change', 'whether the server watches its description files'),
];
