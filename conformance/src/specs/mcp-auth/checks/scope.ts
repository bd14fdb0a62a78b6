/**
 * Check of the runtime insufficient-scope answer: a call of the target's scope-restricted tool
 * with a token lacking its scope.
 *
 * @module
 */

import { authSettingsOf } from '../../../auth/oauth-settings.js';
import type { Check } from '../../../check.js';
import { fail, listProblems, pass, skip } from '../../../outcome.js';
import { modernEnvelope, withEnvelope } from '../../../session/modern-envelope.js';
import { tokenCheckStart } from '../applicability.js';
import { bearerChallenge } from '../www-authenticate.js';

/** The id of the probe call (any id the session has not used). */
const PROBE_ID = 9_001;

/** A call needing more scope gets 403 with an insufficient_scope challenge naming the scope. */
export const insufficientScopeCheck: Check = {
  requirement: 'auth.scope.insufficient',
  definedIn: import.meta.url,
  async run(context) {
    const start = await tokenCheckStart(context);
    if ('status' in start) return start;
    const tool = authSettingsOf(context.target.settings).scopedTool;
    if (tool === undefined) {
      return skip("the target names no scope-restricted tool (settings['mcp-auth'].scopedTool)");
    }
    const session = await context.openSession({
      headers: { authorization: `Bearer ${start.auth.tokens.limitedScope}` },
    });
    const params = { name: tool.name, arguments: tool.arguments };
    const answer = await session.sendRaw(
      JSON.stringify({
        jsonrpc: '2.0',
        id: PROBE_ID,
        method: 'tools/call',
        params: context.target.era === 'modern' ? withEnvelope(params, modernEnvelope()) : params,
      }),
    );
    const what = `calling ${tool.name} without ${tool.scope}`;
    if (answer.status !== 403) return fail(`${what} gets HTTP ${answer.status}, not 403`);
    const challenge = bearerChallenge(answer.wwwAuthenticate ?? null);
    if (challenge === undefined) return fail(`the 403 of ${what} has no Bearer challenge`);
    const problems: string[] = [];
    if (challenge.params.error !== 'insufficient_scope') {
      problems.push(`error is ${challenge.params.error ?? 'missing'}, not insufficient_scope`);
    }
    const scopes = (challenge.params.scope ?? '').split(' ');
    if (!scopes.includes(tool.scope)) problems.push(`scope does not name ${tool.scope}`);
    if (challenge.params.resource_metadata === undefined)
      problems.push('resource_metadata is missing');
    return problems.length > 0
      ? fail(`the 403 of ${what}: ${listProblems(problems)}`)
      : pass(`${what} gets 403 with error="insufficient_scope" and scope naming ${tool.scope}`);
  },
};
