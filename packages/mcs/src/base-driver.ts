/**
 * The base class of our drivers: description, system message, parsing and dispatch done once,
 * so a driver only lists its functions and executes a call over its bridge.
 *
 * @module
 */

import { missingCapabilityMethods } from './capabilities.js';
import type { CallableDriver, CallOptions, DriverResponse, ExecutedCall } from './driver.js';
import { type DriverMeta, type DriverMetaInput, parseDriverMeta } from './driver-meta.js';
import { McsError, toMcsError } from './errors.js';
import type { FunctionCall, ParsedCall } from './function-call.js';
import type { FunctionDefinition } from './function-definition.js';
import { type CallParser, createCallParser } from './parser/call-parser.js';
import { formatCall } from './parser/format-call.js';
import { type ParserLimits, resolveParserLimits } from './parser/limits.js';
import type { CallIssue, ParseResult } from './parser/parse-result.js';
import { buildExecutionRetryPrompt } from './parser/retry-prompt.js';
import { BUILTIN_PROMPT_STRATEGIES, genericPromptStrategy } from './prompts/builtin-strategies.js';
import { exampleArguments } from './prompts/example-arguments.js';
import {
  type FunctionDescriptionFormat,
  renderCondensed,
  renderFunctionsJson,
} from './prompts/function-description.js';
import { type NativeToolFormat, toNativeTools } from './prompts/native-tools.js';
import {
  type PromptContext,
  type PromptStrategy,
  selectPromptStrategy,
} from './prompts/prompt-strategy.js';
import {
  FUNCTION_DETAILS_NAME,
  functionDetailsDefinition,
  type PromptStyle,
  renderSchemaOnly,
  schemaOnlyStub,
} from './prompts/schema-only.js';
import { MCS_SPEC_VERSION } from './spec-version.js';

/**
 * The prompt overrides of mcs §4, and extra prompt strategies.
 *
 * @see mcs §4
 */
export interface PromptOptions {
  /**
   * Replaces the whole system message (`custom_system_message`). A string may hold
   * `{{function_description}}` and `{{example_call}}`, which are filled in; a function gets the
   * full {@link PromptContext}.
   */
  customSystemMessage?: string | ((context: PromptContext) => string);
  /** Replaces the function description (`custom_tool_description`), in the system message too. */
  customToolDescription?: string;
  /** Strategies tried before the built-in ones; see {@link selectPromptStrategy}. */
  strategies?: readonly PromptStrategy[];
  /**
   * The prompt style of mcs §7: `inline` (default) puts every function's full description in
   * the prompt; `schema-only` puts one line per function and adds `function_details`, which
   * the driver answers itself with one function's full definition (see {@link PromptStyle}).
   */
  style?: PromptStyle;
}

/** What {@link BaseDriver}'s constructor takes. */
export interface BaseDriverOptions {
  /**
   * The driver's metadata. Without `target_llms`, it lists the patterns of the prompt
   * strategies the driver has (`*` first, then in alphabetical order).
   */
  meta: DriverMetaInput;
  /** How {@link BaseDriver.getFunctionDescription} renders the functions; defaults to `functions`. */
  descriptionFormat?: FunctionDescriptionFormat;
  /** Prompt overrides and strategies (mcs §4). */
  prompts?: PromptOptions;
  /** Bounds of the parser; see {@link ParserLimits}. */
  limits?: Partial<ParserLimits>;
}

function callInvalidError(issues: readonly CallIssue[], retryPrompt: string): McsError {
  return new McsError({
    code: 'CALL_INVALID',
    message: issues.map((issue) => issue.message).join(' '),
    retryPrompt,
    data: { issues },
  });
}

function defaultTargetLlms(strategies: readonly PromptStrategy[]): string[] {
  const patterns = [...new Set(strategies.flatMap((strategy) => strategy.targetLlms))];
  return patterns.sort((left, right) =>
    left === '*' ? -1 : right === '*' ? 1 : left < right ? -1 : left > right ? 1 : 0,
  );
}

/**
 * A driver with everything but the bridge: extend it, list the functions, execute a call.
 *
 * - The description is rendered from {@link BaseDriver.listFunctions} (override
 *   {@link BaseDriver.describeFunctions} for a native format such as OpenAPI).
 * - The system message comes from the prompt strategy chosen for the model (mcs §3.2), or
 *   from the overrides (mcs §4).
 * - `processLlmResponse` parses with a {@link CallParser} built from the function list on
 *   first use, validates arguments, and executes the calls one after the other, in text order.
 * - Capability flags in `meta.capabilities` are checked against the subclass's methods.
 *
 * @throws McsError `META_INVALID`, `CAPABILITY_MISSING` or `CONFIG_INVALID` from the constructor.
 * @see mcs §3, §4, §5
 */
export abstract class BaseDriver implements CallableDriver {
  /** The driver's metadata, validated (mcs §3). */
  readonly meta: DriverMeta;
  /** The MCS spec version implemented (mcs §9). */
  readonly specVersion: string = MCS_SPEC_VERSION;
  readonly #descriptionFormat: FunctionDescriptionFormat;
  readonly #prompts: PromptOptions;
  readonly #strategies: readonly PromptStrategy[];
  readonly #limits: ParserLimits;
  #parser: CallParser | undefined;

  constructor(options: BaseDriverOptions) {
    this.#strategies = [...(options.prompts?.strategies ?? []), ...BUILTIN_PROMPT_STRATEGIES];
    this.meta = parseDriverMeta({
      ...options.meta,
      target_llms: options.meta.target_llms ?? defaultTargetLlms(this.#strategies),
    });
    this.#descriptionFormat = options.descriptionFormat ?? 'functions';
    this.#prompts = options.prompts ?? {};
    this.#limits = resolveParserLimits(options.limits);
    const missing = missingCapabilityMethods(this);
    if (missing.length > 0) {
      throw new McsError({
        code: 'CAPABILITY_MISSING',
        message: `meta.capabilities declares ${missing.join(', ')} but the driver does not implement ${missing.length === 1 ? 'it' : 'them'}`,
        data: { missing },
      });
    }
  }

  /** The functions this driver exposes. */
  abstract listFunctions(): readonly FunctionDefinition[];

  /** Executes one validated call over the bridge and resolves to its raw result. */
  abstract executeCall(call: FunctionCall, options?: CallOptions): Promise<unknown>;

  /**
   * The function description (mcs §3.1): the custom tool description when one is set (mcs §4),
   * else {@link BaseDriver.describeFunctions}.
   */
  getFunctionDescription(modelName?: string): string {
    if (this.#prompts.customToolDescription !== undefined)
      return this.#prompts.customToolDescription;
    return this.#schemaOnly
      ? renderSchemaOnly(this.listFunctions())
      : this.describeFunctions(modelName);
  }

  /**
   * The functions as the tool definitions of a model API (see {@link NativeToolFormat}), for
   * the request's `tools` field; the model's tool calls are then passed to
   * `processLlmResponse` as the API returned them. In the `schema-only` style each function
   * carries its one-line description and open parameters, and `function_details` comes last.
   *
   * @see mcs §3.1, §7
   */
  getNativeTools(format: NativeToolFormat): Record<string, unknown>[] {
    const functions = this.listFunctions();
    return toNativeTools(
      this.#schemaOnly
        ? [...functions.map(schemaOnlyStub), functionDetailsDefinition(functions)]
        : functions,
      format,
    );
  }

  /**
   * The system message (mcs §3.2): the custom system message when one is set (mcs §4), else
   * the prompt strategy chosen for `modelName` (see {@link selectPromptStrategy}).
   */
  getDriverSystemMessage(modelName?: string): string {
    const context = this.promptContext(modelName);
    const custom = this.#prompts.customSystemMessage;
    if (typeof custom === 'function') return custom(context);
    if (typeof custom === 'string') {
      return custom
        .replaceAll('{{function_description}}', context.functionDescription)
        .replaceAll('{{example_call}}', context.exampleCall);
    }
    return selectPromptStrategy(this.#strategies, modelName, genericPromptStrategy).render(context);
  }

  /** Parses a model's text against this driver's functions without executing anything. */
  parseLlmResponse(llmResponse: string): ParseResult {
    return this.parser.parse(llmResponse);
  }

  /**
   * Parses, executes and resolves to the raw result (mcs §3.3): the text itself when there is
   * no call, the raw result of one call, an array of results for several. Rejects with
   * `McsError` `CALL_INVALID` (with `retryPrompt`) for a malformed call, and with the bridge's
   * error (`TIMEOUT`, `UNAVAILABLE`, ..., also with `retryPrompt`) when a call fails.
   */
  async processLlmResponse(llmResponse: string, options?: CallOptions): Promise<unknown> {
    const response = await this.processLlmResponseDetailed(llmResponse, options);
    switch (response.status) {
      case 'no_call':
        return response.text;
      case 'executed':
        return response.result;
      case 'invalid_call':
        throw callInvalidError(response.issues, response.retryPrompt);
      case 'failed':
        throw response.error;
    }
  }

  /** Like `processLlmResponse`, but resolves to a {@link DriverResponse} and never rejects. */
  async processLlmResponseDetailed(
    llmResponse: string,
    options?: CallOptions,
  ): Promise<DriverResponse> {
    const parsed = this.parseLlmResponse(llmResponse);
    if (parsed.status === 'no_call') return { status: 'no_call', text: llmResponse };
    if (parsed.status === 'malformed') {
      return {
        status: 'invalid_call',
        issues: parsed.issues,
        calls: parsed.calls,
        retryPrompt: parsed.retryPrompt,
      };
    }
    const executed: ExecutedCall[] = [];
    for (const call of parsed.calls) {
      try {
        options?.signal?.throwIfAborted();
        const result =
          this.#schemaOnly && call.name === FUNCTION_DETAILS_NAME
            ? this.#functionDetails(call.arguments.name)
            : await this.executeCall({ name: call.name, arguments: call.arguments }, options);
        executed.push({ ...call, result });
      } catch (thrown) {
        const error =
          options?.signal?.aborted === true && !McsError.isInstance(thrown)
            ? new McsError({ code: 'CANCELLED', message: 'the call was aborted', cause: thrown })
            : toMcsError(thrown);
        const retryPrompt = buildExecutionRetryPrompt(call.name, error.message);
        return {
          status: 'failed',
          executed,
          failedCall: call,
          error: new McsError({
            code: error.code,
            message: error.message,
            retryable: error.retryable,
            retryPrompt,
            ...(error.data === undefined ? {} : { data: error.data }),
            cause: error.cause ?? error,
          }),
          retryPrompt,
        };
      }
    }
    const results = executed.map((call) => call.result);
    return {
      status: 'executed',
      calls: executed,
      result: results.length === 1 ? results[0] : results,
    };
  }

  /**
   * The calls in a model's text, for drivers that execute them their own way (streaming):
   * `undefined` when there is none.
   *
   * @throws McsError `CALL_INVALID` with a `retryPrompt` when the text holds a malformed call.
   */
  protected requireCalls(llmResponse: string): ParsedCall[] | undefined {
    const parsed = this.parseLlmResponse(llmResponse);
    if (parsed.status === 'no_call') return undefined;
    if (parsed.status === 'malformed') throw callInvalidError(parsed.issues, parsed.retryPrompt);
    return parsed.calls;
  }

  /**
   * Renders the functions in the configured {@link FunctionDescriptionFormat}. Override to
   * expose a native format (the REST driver returns its OpenAPI document).
   */
  protected describeFunctions(_modelName?: string): string {
    const functions = this.listFunctions();
    return this.#descriptionFormat === 'condensed'
      ? renderCondensed(functions)
      : renderFunctionsJson(functions);
  }

  /** The parser for the current function list, built on first use. */
  protected get parser(): CallParser {
    this.#parser ??= this.#createParser();
    return this.#parser;
  }

  get #schemaOnly(): boolean {
    return this.#prompts.style === 'schema-only';
  }

  #createParser(): CallParser {
    const functions = this.listFunctions();
    return createCallParser({
      functions: this.#schemaOnly
        ? [...functions, functionDetailsDefinition(functions)]
        : functions,
      limits: this.#limits,
    });
  }

  /** The answer of `function_details`: the named function's full definition. */
  #functionDetails(name: unknown): Record<string, unknown> {
    const definition = this.listFunctions().find((candidate) => candidate.name === name);
    if (definition === undefined) {
      throw new McsError({
        code: 'CALL_INVALID',
        message: `there is no function named ${JSON.stringify(name)}`,
      });
    }
    return {
      name: definition.name,
      ...(definition.description === undefined ? {} : { description: definition.description }),
      parameters: definition.parameters,
    };
  }

  /**
   * Builds the parser now, compiling every parameters schema, so a bad schema fails here
   * rather than on the first call.
   *
   * @throws McsError `FUNCTION_INVALID`.
   */
  protected compileFunctions(): void {
    this.#parser ??= this.#createParser();
  }

  /** Drops the cached parser; call it when the function list changes. */
  protected resetParser(): void {
    this.#parser = undefined;
  }

  /** The context prompt strategies render from. */
  protected promptContext(modelName?: string): PromptContext {
    const functionDescription = this.getFunctionDescription(modelName);
    const functions = this.listFunctions();
    const first = functions[0];
    const exampleCall =
      first === undefined
        ? formatCall({ name: 'function_name', arguments: {} }, 'mcs')
        : this.#schemaOnly
          ? formatCall({ name: FUNCTION_DETAILS_NAME, arguments: { name: first.name } }, 'mcs')
          : formatCall({ name: first.name, arguments: exampleArguments(first.parameters) }, 'mcs');
    return {
      functionDescription,
      descriptionLanguage: /^\s*[[{]/.test(functionDescription) ? 'json' : 'text',
      functions,
      modelName,
      exampleCall,
    };
  }
}
