/**
 * The requirements of the `mcs` spec: what an MCS driver owes its client, at the level the
 * Model Context Standard (draft v0.1) gives it.
 *
 * Levels: `MUST` where the source says must or states the contract whose "semantics must
 * match" (§3); `SHOULD` where it says should, or where §3.3's "the method should" covers it;
 * `MAY` for call shapes the source does not name (it says calls are "typically" JSON objects).
 * Behaviour no sentence of the source asks for (two calls in one output, the OpenAI and Anthropic
 * call shapes, near-JSON, hostile outputs) is this project's choice: the `x-profile` profile.
 * Section 7 is informative and yields no requirement. Calls are written in the shape of the
 * reference SDK, `{"tool": name, "arguments": {...}}`.
 *
 * @module
 */

import { type Requirement, X_PROFILE } from '../../requirement.js';

/** The source document these requirements cite. */
export const MCS_SOURCE = 'mcs-0.1';

function requirement(
  id: string,
  section: string,
  level: Requirement['level'],
  summary: string,
): Requirement {
  return { id, spec: MCS_SOURCE, section, level, summary };
}

/** The §2/§3 contradiction on the system message, and the reading the catalog takes. */
const SYSTEM_MESSAGE_NOTE =
  'mcs §2 says drivers "may also implement" get_driver_system_message while §3 lists it in the minimal contract; the weaker reading is followed: the method is optional, and when present it must do what §3.2 says.';

/** A requirement of this project's profile: behaviour no sentence of mcs asks for. */
function profileRequirement(
  id: string,
  section: string,
  level: Requirement['level'],
  summary: string,
): Requirement {
  return { ...requirement(id, section, level, summary), profile: X_PROFILE };
}

/** Every requirement of `mcs`, in report order. */
export const mcsRequirements: readonly Requirement[] = [
  {
    ...requirement(
      'mcs.2.mandatory-methods',
      '2, 3',
      'MUST',
      'The driver has getFunctionDescription and processLlmResponse as methods.',
    ),
    note: SYSTEM_MESSAGE_NOTE,
  },
  requirement(
    'mcs.3.driver-meta',
    '3',
    'MUST',
    'meta has a UUID id, non-empty protocol, transport and spec_format, a non-empty target_llms list and a capabilities list, no duplicates, and a name-like prefix when set.',
  ),
  requirement(
    'mcs.3.1.function-description',
    '3.1',
    'MUST',
    'getFunctionDescription returns a non-empty text describing the functions, for no model and for each model in target_llms.',
  ),
  requirement(
    'mcs.3.1.static',
    '3.1',
    'MUST',
    'The description is a static artifact: asked twice for the same model, it is the same text.',
  ),
  {
    ...requirement(
      'mcs.3.1.standard-format',
      '3.1',
      'SHOULD',
      'The description uses an established machine-readable format (it parses as JSON or YAML) unless spec_format says Custom.',
    ),
    note: 'Partial: parsing as JSON or YAML is the observable part; which established format (OpenAPI, JSON Schema, ...) it is, is not checked.',
  },
  {
    ...requirement(
      'mcs.3.2.system-message',
      '3.2',
      'MUST',
      'getDriverSystemMessage, when the driver has it, returns a non-empty message that contains the description or names every function in it, for no model and for each model in target_llms.',
    ),
    note: SYSTEM_MESSAGE_NOTE,
  },
  requirement(
    'mcs.3.2.format-guidance',
    '3.2',
    'SHOULD',
    'Besides the description, the system message tells the model how to write a call the driver can parse.',
  ),
  requirement(
    'mcs.3.3.execute',
    '2, 3.3',
    'MUST',
    'A well-formed call of a probe function, written as the whole output, is executed and processLlmResponse resolves to its result.',
  ),
  requirement(
    'mcs.3.3.raw-result',
    '3.3',
    'SHOULD',
    'The result is the raw result of the bridge, not reformatted: it keeps the shape the probe call declares.',
  ),
  requirement(
    'mcs.3.3.fenced-json',
    '2, 3.3',
    'SHOULD',
    'A call written as a JSON object in a fenced code block, with prose around it, is executed.',
  ),
  requirement(
    'mcs.3.3.json-in-prose',
    '2, 3.3',
    'SHOULD',
    'A call written as a bare JSON object inside a sentence is executed.',
  ),
  requirement(
    'mcs.3.3.no-call',
    '2, 3.3',
    'SHOULD',
    'An output that holds no call (prose, code, JSON that is no call, an empty text) is not an error and executes nothing: the text itself, null or undefined comes back.',
  ),
  requirement(
    'mcs.3.3.validate-input',
    '3.3',
    'SHOULD',
    'A call the driver cannot map (an unknown function, arguments that are not an object) is refused with an error instead of being executed or ignored.',
  ),
  profileRequirement(
    'mcs.3.3.hostile-input',
    '3.3',
    'SHOULD',
    'Huge, deeply nested and prototype-polluting outputs are answered within the time limit, and no driver code adds properties to Object.prototype.',
  ),
  profileRequirement(
    'mcs.3.3.several-calls',
    '3.3',
    'MAY',
    'Two calls in one output are both executed, and their results come back in text order.',
  ),
  profileRequirement(
    'mcs.3.3.tool-call-shapes',
    '3.3',
    'MAY',
    'Calls in the OpenAI tool_calls shape and the Anthropic tool_use shape are executed.',
  ),
  profileRequirement(
    'mcs.3.3.near-json',
    '3.3',
    'MAY',
    'A call in near-JSON (single quotes, bare keys, trailing commas) is executed.',
  ),
  requirement(
    'mcs.4.no-mandatory-parameter',
    '4',
    'SHOULD',
    'The universal methods need no driver-specific argument: the description and message work without a model name, processing with the text alone.',
  ),
  requirement(
    'mcs.5.capability-flags',
    '5',
    'MUST',
    'Each declared capability flag (healthcheck, cache, status, stream) is backed by its method, so consumers can feature-detect.',
  ),
  requirement(
    'mcs.5.capability-results',
    '5',
    'SHOULD',
    'Declared capabilities answer as the capability table suggests: healthcheck and getStatus an object, warmup completes, streamCall an async iterable.',
  ),
  requirement(
    'mcs.9.spec-version',
    '9',
    'MUST',
    'The driver declares the MCS spec version it implements as MAJOR.MINOR.PATCH.',
  ),
];
