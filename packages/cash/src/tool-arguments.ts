/**
 * Reading the raw arguments of `call`, `help` and `skill` into typed requests.
 *
 * @module
 */

import { z } from 'zod';
import type { CashError } from './errors.js';
import { wireError } from './results.js';

const OptionalText = z.string().nullish();
const OptionalObject = z.record(z.string(), z.unknown()).nullish();

const CallArgumentsSchema = z.strictObject({
  namespace: OptionalText,
  function: z.string(),
  kwargs: OptionalObject,
  sizelimit: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
});

const HelpArgumentsSchema = z.looseObject({
  namespace: OptionalText,
  function: OptionalText,
  kwargs: OptionalObject,
});

const SkillArgumentsSchema = z.looseObject({
  namespace: OptionalText,
  skillname: OptionalText,
  kwargs: OptionalObject,
});

/** A parsed `call` request. */
export interface CallArguments {
  /** Dotted namespace path; `undefined` for the root. */
  namespace: string | undefined;
  /** The function label as the caller wrote it. */
  function: string;
  /** The function's arguments (empty when omitted). */
  kwargs: Record<string, unknown>;
  /** The caller's gate threshold for this call. */
  sizelimit: number | undefined;
}

/** A parsed `help` request. */
export interface HelpArguments {
  /** Dotted namespace path; `undefined` for the root. */
  namespace: string | undefined;
  /** The function to document. */
  function: string | undefined;
  /** Extra keyword arguments; unknown top-level arguments join them (and are reported as ignored). */
  kwargs: Record<string, unknown>;
}

/** A parsed `skill` request. */
export interface SkillArguments {
  /** Dotted namespace path; `undefined` for the root. */
  namespace: string | undefined;
  /** The skill; `undefined` lists skills. */
  skillname: string | undefined;
  /** Placeholder values. */
  kwargs: Record<string, unknown>;
}

function describeIssues(tool: string, error: z.ZodError): CashError {
  const problems = error.issues.slice(0, 5).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((key) => `\`${key.slice(0, 40)}\``).join(', ');
      return `unknown argument ${keys} (function arguments go in \`kwargs\`)`;
    }
    const where = issue.path.map(String).join('.') || 'arguments';
    if (where === 'kwargs') return '`kwargs` must be an object';
    if (where === 'function') return '`function` is required and must be a string';
    if (where === 'sizelimit') return '`sizelimit` must be a non-negative integer (characters)';
    if (where === 'arguments') return 'the arguments must be an object';
    return `\`${where}\` must be a string`;
  });
  return wireError('INVALID_ARGUMENTS', `Invalid \`${tool}\` arguments: ${problems.join('; ')}.`, {
    problems,
  });
}

/** Reads `call`'s arguments, or the `INVALID_ARGUMENTS` error saying what is wrong. */
export function parseCallArguments(raw: unknown): CallArguments | CashError {
  const parsed = CallArgumentsSchema.safeParse(raw ?? {});
  if (!parsed.success) return describeIssues('call', parsed.error);
  const { namespace, kwargs, sizelimit } = parsed.data;
  return {
    namespace: namespace ?? undefined,
    function: parsed.data.function,
    kwargs: kwargs ?? {},
    sizelimit: sizelimit ?? undefined,
  };
}

/** Reads `help`'s arguments; only wrong types are errors, unknown names are ignored. */
export function parseHelpArguments(raw: unknown): HelpArguments | CashError {
  const parsed = HelpArgumentsSchema.safeParse(raw ?? {});
  if (!parsed.success) return describeIssues('help', parsed.error);
  const { namespace, function: name, kwargs, ...extra } = parsed.data;
  return {
    namespace: namespace ?? undefined,
    function: name ?? undefined,
    kwargs: { ...extra, ...(kwargs ?? {}) },
  };
}

/** Reads `skill`'s arguments; only wrong types are errors, unknown names are ignored. */
export function parseSkillArguments(raw: unknown): SkillArguments | CashError {
  const parsed = SkillArgumentsSchema.safeParse(raw ?? {});
  if (!parsed.success) return describeIssues('skill', parsed.error);
  return {
    namespace: parsed.data.namespace ?? undefined,
    skillname: parsed.data.skillname ?? undefined,
    kwargs: parsed.data.kwargs ?? {},
  };
}
