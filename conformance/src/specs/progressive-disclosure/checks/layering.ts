/**
 * Check of authorization layering (§5.3, §10.1): description reads are one layer on top of the
 * server's own authorization, never a way around it. Exercised with a caller whose primary
 * authorization shows it fewer tools than the target's own caller sees.
 *
 * @module
 */

import type { Check } from '../../../check.js';
import { fail, notApplicable, pass, skip } from '../../../outcome.js';
import { isRecord } from '../../../session/json-rpc.js';
import { walkToolPages } from '../../mcp-base/tool-listing.js';
import { callTool } from '../calls.js';
import { firstExampleInput, needFullDescriptions, needResource } from '../prerequisites.js';
import { descriptionsUri, isFullEntry, objectOf, readUri } from '../reads.js';
import { PD_SETTINGS_KEY, pdSettingsOf } from '../settings.js';

/** The skip of a target over HTTP that names no restricted caller. */
const NO_RESTRICTED_CALLER = skip(
  `configures no restricted caller over HTTP (settings.${PD_SETTINGS_KEY}.restrictedCaller, --pd-restricted-caller)`,
);

/** Over stdio every caller is the process's: no credentials tell a restricted one apart. */
const NO_CALLERS_OVER_STDIO = notApplicable(
  'callers are told apart by HTTP credentials; over stdio there is one caller, the process',
);

/**
 * A tool hidden from the restricted caller's `tools/list` stays uncallable by it after it reads
 * the tool's description. The call uses the tool's first example, so a failure is a refusal,
 * not bad arguments.
 */
export const primaryAuthorizationCheck: Check = {
  requirement: 'pd.5.3.primary-authorization',
  definedIn: import.meta.url,
  async run(context) {
    const restricted = pdSettingsOf(context).restrictedCaller;
    if (context.target.kind !== 'http') return NO_CALLERS_OVER_STDIO;
    if (restricted === undefined) return NO_RESTRICTED_CALLER;
    const resource = await needResource(context);
    if (!resource.ok) return resource.outcome;
    const full = await needFullDescriptions(context);
    if (!full.ok) return full.outcome;
    const session = await context.openSession({ headers: restricted });
    const walk = await walkToolPages(session);
    if (walk.failure !== undefined) {
      return skip(`the restricted caller's tools/list cannot be read: ${walk.failure.message}`);
    }
    const shown = new Set(
      walk.items.flatMap((tool) =>
        isRecord(tool) && typeof tool.name === 'string' ? [tool.name] : [],
      ),
    );
    const hidden = full.value.tools.filter((tool) => !shown.has(tool.name));
    if (hidden.length === 0) {
      return skip(
        'the restricted caller is shown every tool the target caller is: nothing is hidden',
      );
    }
    const subject = hidden.find(
      (tool) => firstExampleInput(full.value.entries.get(tool.name)) !== undefined,
    );
    if (subject === undefined) {
      return skip(
        `no tool hidden from the restricted caller has an example to call it with (${hidden.length} hidden)`,
      );
    }
    const args = firstExampleInput(full.value.entries.get(subject.name)) ?? {};
    const read = await readUri(session, descriptionsUri(resource.value.baseUri, [subject.name]));
    const call = await callTool(session, subject.name, args);
    if (call.succeeded) {
      return fail(
        `"${subject.name}", hidden from the restricted caller's tools/list, was called successfully by it after a read of its description`,
      );
    }
    const served = isFullEntry(objectOf(read)?.[subject.name])
      ? ' (the read served its description)'
      : '';
    return pass(
      `"${subject.name}", hidden from the restricted caller, still fails for it after a read${served}: ${call.summary}`,
    );
  },
};
