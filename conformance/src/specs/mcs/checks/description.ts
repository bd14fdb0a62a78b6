/**
 * Checks of the function description (mcs §3.1) and the system message (mcs §3.2).
 *
 * @module
 */

import { parse as parseYaml } from 'yaml';
import type {
  DriverCheck,
  DriverCheckContext,
  DriverUnderTest,
} from '../../../driver/driver-check.js';
import { fail, listProblems, notApplicable, pass } from '../../../outcome.js';
import {
  describeOutcome,
  modelArguments,
  modelLabel,
  modelsToAsk,
  resolvedText,
} from '../observe.js';

/** Text with every run of whitespace made one space, so reformatting is not a difference. */
function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The description for one model, or why there is none. */
async function describe(
  driver: DriverUnderTest,
  model: string | undefined,
): Promise<{ text: string } | { problem: string }> {
  const outcome = await driver.call('getFunctionDescription', modelArguments(model));
  const text = resolvedText(outcome);
  if (text === undefined)
    return { problem: `for ${modelLabel(model)} it ${describeOutcome(outcome)}` };
  if (text.trim() === '') return { problem: `for ${modelLabel(model)} it is empty` };
  return { text };
}

/** The JSON value of a text, or `undefined`. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The function names a JSON description lists: `name` of objects that also carry a schema or a
 * description (tool lists, function lists), and OpenAPI `operationId`s. Depth-bounded.
 */
export function functionNames(
  description: unknown,
  depth = 0,
  names = new Set<string>(),
): Set<string> {
  if (depth > 8 || typeof description !== 'object' || description === null) return names;
  if (Array.isArray(description)) {
    for (const item of description) functionNames(item, depth + 1, names);
    return names;
  }
  const record = description as Record<string, unknown>;
  if (typeof record.operationId === 'string') names.add(record.operationId);
  const describesFunction = ['parameters', 'inputSchema', 'input_schema', 'description'].some(
    (key) => Object.hasOwn(record, key),
  );
  if (typeof record.name === 'string' && describesFunction && depth <= 3) names.add(record.name);
  for (const value of Object.values(record)) functionNames(value, depth + 1, names);
  return names;
}

/** The description and message of the first model asked (no model), memoized per target. */
function plainPair(context: DriverCheckContext) {
  return context.memo('mcs.description-and-message', async () => {
    const driver = await context.driver();
    const description = await describe(driver, undefined);
    const message = resolvedText(await driver.call('getDriverSystemMessage', []));
    return { description, message };
  });
}

/** mcs.3.1.function-description */
export const functionDescriptionCheck: DriverCheck = {
  requirement: 'mcs.3.1.function-description',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const models = modelsToAsk(driver.meta);
    const problems: string[] = [];
    for (const model of models) {
      const described = await describe(driver, model);
      if ('problem' in described) problems.push(described.problem);
    }
    return problems.length === 0
      ? pass(`a description for ${models.map(modelLabel).join(', ')}`)
      : fail(listProblems(problems));
  },
};

/** mcs.3.1.static */
export const staticDescriptionCheck: DriverCheck = {
  requirement: 'mcs.3.1.static',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const problems: string[] = [];
    for (const model of modelsToAsk(driver.meta).slice(0, 2)) {
      const first = await describe(driver, model);
      const second = await describe(driver, model);
      if ('problem' in first || 'problem' in second) {
        problems.push(`no description ${modelLabel(model)}`);
      } else if (first.text !== second.text) {
        problems.push(`two different descriptions for ${modelLabel(model)}`);
      }
    }
    return problems.length === 0
      ? pass('the same description when asked again')
      : fail(listProblems(problems));
  },
};

/** mcs.3.1.standard-format */
export const standardFormatCheck: DriverCheck = {
  requirement: 'mcs.3.1.standard-format',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    const format = (driver.meta as { spec_format?: unknown } | null)?.spec_format;
    if (typeof format === 'string' && format.trim().toLowerCase() === 'custom') {
      return notApplicable('spec_format is Custom: no established format applies');
    }
    const { description } = await plainPair(context);
    if ('problem' in description) return fail(`there is no description: ${description.problem}`);
    if (parseJson(description.text) !== undefined)
      return pass(`JSON, spec_format ${String(format)}`);
    let yaml: unknown;
    try {
      yaml = parseYaml(description.text);
    } catch {
      yaml = undefined;
    }
    return typeof yaml === 'object' && yaml !== null
      ? pass(`YAML, spec_format ${String(format)}`)
      : fail(
          `the description is neither JSON nor YAML, and spec_format is ${JSON.stringify(format)}`,
        );
  },
};

/** Why the system message checks skip a driver without the method (mcs §2 makes it optional). */
const OPTIONAL_MESSAGE =
  'the driver has no getDriverSystemMessage, which mcs §2 lets a driver leave out';

/** mcs.3.2.system-message */
export const systemMessageCheck: DriverCheck = {
  requirement: 'mcs.3.2.system-message',
  definedIn: import.meta.url,
  async run(context) {
    const driver = await context.driver();
    if (!driver.methods.getDriverSystemMessage) return notApplicable(OPTIONAL_MESSAGE);
    const models = modelsToAsk(driver.meta);
    const problems: string[] = [];
    const ways = new Set<string>();
    for (const model of models) {
      const described = await describe(driver, model);
      const outcome = await driver.call('getDriverSystemMessage', modelArguments(model));
      const message = resolvedText(outcome);
      if (message === undefined || message.trim() === '') {
        problems.push(
          `the message for ${modelLabel(model)} ${message === undefined ? describeOutcome(outcome) : 'is empty'}`,
        );
        continue;
      }
      if ('problem' in described) {
        problems.push(`the description ${described.problem}`);
        continue;
      }
      if (normalized(message).includes(normalized(described.text))) {
        ways.add('contains the description');
        continue;
      }
      const names = [...functionNames(parseJson(described.text))];
      if (names.length > 0 && names.every((name) => message.includes(name))) {
        ways.add('names every described function');
        continue;
      }
      problems.push(
        `the message for ${modelLabel(model)} neither contains the description nor names its functions`,
      );
    }
    return problems.length === 0
      ? pass(`for ${models.map(modelLabel).join(', ')}: ${[...ways].join(', ')}`)
      : fail(listProblems(problems));
  },
};

/** mcs.3.2.format-guidance */
export const formatGuidanceCheck: DriverCheck = {
  requirement: 'mcs.3.2.format-guidance',
  definedIn: import.meta.url,
  async run(context) {
    if (!(await context.driver()).methods.getDriverSystemMessage)
      return notApplicable(OPTIONAL_MESSAGE);
    const { description, message } = await plainPair(context);
    if (message === undefined) return fail('there is no system message');
    const rest =
      'problem' in description
        ? normalized(message)
        : normalized(message).replace(normalized(description.text), '');
    const hints = /json|```|\{|call|invoke|function/i.test(rest);
    return rest.length >= 40 && hints
      ? pass(`${rest.length} characters of guidance beside the description`)
      : fail('beside the description, the message says nothing about how to write a call');
  },
};
