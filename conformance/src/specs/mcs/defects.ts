/**
 * The defects of the good MCS driver (`test/fixtures/drivers/good-driver.mjs`, loaded with the
 * options `{ "defect": NAME }`), each breaking one requirement, and the failure it causes.
 *
 * @module
 */

import type { DefectTable } from '../../defect.js';

/** The defect table of `mcs`. */
export const mcsDefects: DefectTable = {
  fixture: 'test/fixtures/drivers/good-driver.mjs',
  defects: [
    {
      requirement: 'mcs.2.mandatory-methods',
      defect: 'no-process-method',
      failure: /^not a method: processLlmResponse$/,
    },
    {
      requirement: 'mcs.3.driver-meta',
      defect: 'bad-meta',
      failure: /^meta is not a DriverMeta: id: must be a UUID; target_llms: must name at least one/,
    },
    {
      requirement: 'mcs.3.1.function-description',
      defect: 'empty-description',
      failure: /^for no model it is empty; for model gpt-conformance it is empty$/,
    },
    {
      requirement: 'mcs.3.1.static',
      defect: 'changing-description',
      failure: /^two different descriptions for no model; two different descriptions for model/,
    },
    {
      requirement: 'mcs.3.1.standard-format',
      defect: 'prose-description',
      failure: /^the description is neither JSON nor YAML, and spec_format is "JSON-Schema"$/,
    },
    {
      requirement: 'mcs.3.2.system-message',
      defect: 'message-without-description',
      failure: /^the message for no model neither contains the description nor names its functions/,
    },
    {
      requirement: 'mcs.3.2.format-guidance',
      defect: 'bare-message',
      failure: /^beside the description, the message says nothing about how to write a call$/,
    },
    {
      requirement: 'mcs.3.3.execute',
      defect: 'never-executes',
      failure: /^the bare call: it returned the output unchanged, as if there were no call$/,
    },
    {
      requirement: 'mcs.3.3.raw-result',
      defect: 'formatted-result',
      failure: /^listBooks returned "The API answered: .*, not the raw shape \{"status":200\}$/,
    },
    {
      requirement: 'mcs.3.3.fenced-json',
      defect: 'bare-json-only',
      failure: /^the fenced call: it returned the output unchanged, as if there were no call$/,
    },
    {
      requirement: 'mcs.3.3.json-in-prose',
      defect: 'fence-only',
      failure: /^the call in prose: it returned the output unchanged, as if there were no call$/,
    },
    {
      requirement: 'mcs.3.3.no-call',
      defect: 'error-on-no-call',
      failure: /^prose: rejected with Error: no function call found in the output; empty: /,
    },
    {
      requirement: 'mcs.3.3.validate-input',
      defect: 'ignores-bad-calls',
      failure: /^unknown-function: resolved to .*; arguments-not-an-object: resolved to /,
    },
    {
      requirement: 'mcs.3.3.hostile-input',
      defect: 'pollutes-prototype',
      failure:
        /^proto-keys: Object\.prototype gained polluted; constructor-prototype: Object\.prototype gained polluted$/,
    },
    {
      requirement: 'mcs.3.3.hostile-input',
      defect: 'hangs-on-huge-output',
      failure: /^huge: did not answer within 5000 ms$/,
    },
    {
      requirement: 'mcs.3.3.several-calls',
      defect: 'first-call-only',
      failure: /^two calls gave \{"status":200,.*, not a list of two results$/,
    },
    {
      requirement: 'mcs.3.3.tool-call-shapes',
      defect: 'no-tool-call-shapes',
      failure:
        /^OpenAI tool_calls: it returned the output unchanged, as if there were no call; Anthropic tool_use: /,
    },
    {
      requirement: 'mcs.3.3.near-json',
      defect: 'strict-json-only',
      failure: /^the near-JSON call: it returned the output unchanged, as if there were no call$/,
    },
    {
      requirement: 'mcs.4.no-mandatory-parameter',
      defect: 'needs-model',
      failure:
        /^getFunctionDescription\(\) without a model name rejected with TypeError: modelName is required$/,
    },
    {
      requirement: 'mcs.5.capability-flags',
      defect: 'undeclared-method',
      failure: /^declared without a method: healthcheck \(healthcheck\), stream \(streamCall\)$/,
    },
    {
      requirement: 'mcs.5.capability-results',
      defect: 'bad-capability-results',
      failure:
        /^healthcheck\(\): answered "ok", not an object; streamCall\(\): did not return an async iterable$/,
    },
    {
      requirement: 'mcs.9.spec-version',
      defect: 'no-spec-version',
      failure: /^specVersion is "draft", not MAJOR\.MINOR\.PATCH$/,
    },
  ],
};
