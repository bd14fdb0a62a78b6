/**
 * Checks of how the `tool_descriptions` resource is listed and described (§4.1, §4.2).
 *
 * The description checks are heuristics over the text: each looks for the words a description
 * cannot do without to make its point, and says which point is missing.
 *
 * @module
 */

import type { Check, CheckContext, CheckOutcome } from '../../../check.js';
import { fail, pass } from '../../../outcome.js';
import { excerpt } from '../../../session/json-rpc.js';
import { needResource } from '../prerequisites.js';
import type { ListedItem } from '../resource.js';

/** A point a resource description must make, and how to recognize it. */
interface Point {
  /** What the point is, for messages. */
  readonly what: string;
  /** Any of these patterns shows the point is made. */
  readonly patterns: readonly RegExp[];
}

/** The four points of §4.2 every resource description must make. */
const WORKFLOW_POINTS: readonly Point[] = [
  { what: 'its relation to tools/list', patterns: [/tools\/list/i] },
  {
    what: 'that descriptions are fetched before calling',
    patterns: [
      /\bbefore\b[^.]{0,60}\b(call|invok|us(e|ing)\b)/i,
      /\b(required|must|need)\b[^.]{0,60}\b(call|invok|us(e|ing)\b)/i,
    ],
  },
  {
    what: 'the tools query parameter syntax',
    patterns: [/\?tools=/i, /\btools\s+(query\s+)?param/i, /[`'"]tools[`'"]/i],
  },
  {
    what: 'what happens to a call made without fetching',
    patterns: [/TOOL_DESCRIPTION_REQUIRED/, /\b(fail|error|refuse|reject|denied)/i],
  },
];

/** The item that describes the resource: the listed one, else the template. */
function describing(listed: ListedItem | undefined, template: ListedItem | undefined): ListedItem {
  return listed ?? template ?? {};
}

async function resourceDescription(
  context: CheckContext,
): Promise<{ text: string } | { outcome: CheckOutcome }> {
  const resource = await needResource(context);
  if (!resource.ok) return { outcome: resource.outcome };
  const { description } = describing(resource.value.listed, resource.value.template);
  return typeof description === 'string' && description.trim() !== ''
    ? { text: description }
    : { outcome: fail('the resource has no description') };
}

function createDescriptionCheck(requirement: string, point: Point): Check {
  return {
    requirement,
    definedIn: import.meta.url,
    async run(context) {
      const description = await resourceDescription(context);
      if ('outcome' in description) return description.outcome;
      return point.patterns.some((pattern) => pattern.test(description.text))
        ? pass(`the description shows ${point.what}`)
        : fail(
            `the description does not show ${point.what}: ${JSON.stringify(excerpt(description.text, 120))}`,
          );
    },
  };
}

/** The resource is in resources/list, not only among the templates. */
export const resourceListedCheck: Check = {
  requirement: 'pd.4.1.resource-listed',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await needResource(context);
    if (!resource.ok) return fail('resources/list lists no tool_descriptions resource');
    const { listed, template } = resource.value;
    if (listed === undefined) {
      return fail(
        `resources/list does not list the resource; only the template ${String(template?.uriTemplate)} names it`,
      );
    }
    return pass(`resources/list lists ${String(listed.uri)}`);
  },
};

/** The resource's name or title says it holds tool descriptions. */
export const resourceNameCheck: Check = {
  requirement: 'pd.4.1.resource-name',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await needResource(context);
    if (!resource.ok) return resource.outcome;
    const { name, title } = describing(resource.value.listed, resource.value.template);
    const labels = [name, title].filter((label): label is string => typeof label === 'string');
    return labels.some((label) => /tool[\s_-]*desc/i.test(label))
      ? pass(`named ${labels.map((label) => JSON.stringify(label)).join(', ')}`)
      : fail(
          `neither name nor title says "tool descriptions": ${labels.map((label) => JSON.stringify(label)).join(', ') || 'none'}`,
        );
  },
};

/** The resource is JSON. */
export const mimeTypeCheck: Check = {
  requirement: 'pd.4.1.mime-type',
  definedIn: import.meta.url,
  async run(context) {
    const resource = await needResource(context);
    if (!resource.ok) return resource.outcome;
    const { mimeType } = describing(resource.value.listed, resource.value.template);
    return mimeType === 'application/json'
      ? pass('mimeType is application/json')
      : fail(`mimeType is ${JSON.stringify(mimeType) ?? 'absent'}, not application/json`);
  },
};

/** The description makes the four points of §4.2. */
export const workflowExplainedCheck: Check = {
  requirement: 'pd.4.2.workflow-explained',
  definedIn: import.meta.url,
  async run(context) {
    const description = await resourceDescription(context);
    if ('outcome' in description) return description.outcome;
    const missing = WORKFLOW_POINTS.filter(
      (point) => !point.patterns.some((pattern) => pattern.test(description.text)),
    ).map((point) => point.what);
    return missing.length > 0
      ? fail(
          `the description does not explain ${missing.join('; ')}: ${JSON.stringify(excerpt(description.text, 120))}`,
        )
      : pass('the description explains tools/list, fetching first, the syntax and the refusal');
  },
};

/** The checks of the listing and the description, in catalog order. */
export const resourceListingChecks: readonly Check[] = [
  resourceListedCheck,
  resourceNameCheck,
  mimeTypeCheck,
  workflowExplainedCheck,
  createDescriptionCheck('pd.4.2.sequential-steps', {
    what: 'ordered steps',
    patterns: [/\bstep\s*\d/i, /(^|\s)1[.)]\s/, /\bfirst\b[^.]*\bthen\b/i],
  }),
  createDescriptionCheck('pd.4.2.selection-vs-parameters', {
    what: 'choosing in tools/list apart from learning parameters here',
    patterns: [/^(?=[\s\S]*\b(choos|chose|select|pick|decid))(?=[\s\S]*\b(parameter|argument))/i],
  }),
  createDescriptionCheck('pd.4.2.uri-example', {
    what: 'a concrete URI with ?tools=',
    patterns: [/tool_descriptions\?tools=[^\s),]/],
  }),
  createDescriptionCheck('pd.4.2.session-authorization', {
    what: 'that fetching authorizes the tool for the session',
    patterns: [/\b(authori[sz]|grant|unlock|permit)[^.]*\bsession/i],
  }),
];
