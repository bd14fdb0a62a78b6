/**
 * The documentation of the first functions discovery found, read once per target: what
 * `help(namespace, function)` answers for each (cash-rfc §4.2, §6.1 Leaf+1), the parameters it
 * documents and whether it says the function takes none.
 *
 * Several checks judge these docs (the doc itself, its kwargs keys); they share one reading and
 * one verdict on docs that document nothing, so a server whose function docs are silent on what
 * the functions accept fails instead of leaving those checks nothing to judge.
 *
 * @module
 */

import type { CheckContext } from '../../check.js';
import { discovery, type FunctionDoc, type FunctionReference, functionDoc } from './discovery.js';
import { statesNoParameters } from './function-doc.js';
import { describeInvocation } from './tool-answer.js';

/** How many function docs are read at most. */
export const SURVEYED_DOCS = 12;

/** One function and its documentation. */
export interface SurveyedDoc {
  /** The function. */
  readonly reference: FunctionReference;
  /** What its `help(namespace, function)` answered, read. */
  readonly doc: FunctionDoc;
  /** Whether the doc says the function takes no parameter. */
  readonly statesNone: boolean;
}

/** The function docs read. */
export interface FunctionSurvey {
  /** The docs of the first {@link SURVEYED_DOCS} functions, in discovery order. */
  readonly docs: readonly SurveyedDoc[];
}

async function survey(context: CheckContext): Promise<FunctionSurvey> {
  const functions = (await discovery(context)).functions.slice(0, SURVEYED_DOCS);
  const docs: SurveyedDoc[] = [];
  for (const reference of functions) {
    const doc = await functionDoc(context, reference);
    docs.push({
      reference,
      doc,
      statesNone: !doc.answer.isError && statesNoParameters(doc.answer.text),
    });
  }
  return { docs };
}

/** The function docs of the target under test, read once per target. */
export function functionSurvey(context: CheckContext): Promise<FunctionSurvey> {
  return context.memo('cash:function-survey', () => survey(context));
}

/** A function as messages name it: `orders.list`, or `list` in the root namespace. */
export function functionLabel(reference: FunctionReference): string {
  return reference.namespace === '' ? reference.name : `${reference.namespace}.${reference.name}`;
}

/** The help call of a function's documentation, as messages show it. */
export function functionDocCall(reference: FunctionReference): string {
  return describeInvocation('help', {
    ...(reference.namespace === '' ? {} : { namespace: reference.namespace }),
    function: reference.name,
  });
}

/**
 * Why the docs read tell nothing of what the functions accept, or undefined when they do: no
 * doc documents a parameter, and not every doc says its function takes none. (The RFC has help
 * say what functions accept, cash-rfc §4 item 2; a doc may show a subset, §6.1 Leaf+1, but a
 * subset of none that does not say so leaves a caller guessing.)
 */
export function silentDocs(found: FunctionSurvey): string | undefined {
  const read = found.docs.filter((item) => !item.doc.answer.isError);
  if (read.length === 0) return undefined;
  if (read.some((item) => item.doc.parameters.length > 0)) return undefined;
  if (read.every((item) => item.statesNone)) return undefined;
  return `none of ${read.length} function doc(s) documents a parameter (a table, a list under a parameters heading, or JSON parameters) or says the function takes none`;
}
