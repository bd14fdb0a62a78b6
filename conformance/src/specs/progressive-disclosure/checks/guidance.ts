/**
 * The check of the system prompt guidance (§2, §8.2): the one place a client can see it is the
 * server's `instructions`.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, pass } from '../../../outcome.js';
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

/** The server's instructions give the guidance and cover the §8.2 points; none at all fails. */
export const systemPromptGuidanceCheck: Check = {
  requirement: 'pd.8.2.system-prompt-guidance',
  definedIn: import.meta.url,
  async run(context) {
    const session = await context.session();
    const result = openingResult(session);
    const instructions = isRecord(result) ? result.instructions : undefined;
    if (typeof instructions !== 'string' || !instructions.includes('tool_descriptions')) {
      return fail(
        typeof instructions === 'string'
          ? 'the instructions say nothing about tool_descriptions'
          : 'the server sends no instructions, so no system prompt guidance reaches the agent',
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
