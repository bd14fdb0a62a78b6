/**
 * `createCashServer`: the builder of CaSH servers.
 *
 * @module
 */

import type { CallToolResult, McpServer } from '@modelcontextprotocol/server';
import type { CallerContext, HttpRouteHandler } from '@x/core/serve';
import { answerCall } from './call/answer-call.js';
import { defineFunction } from './define-function.js';
import type {
  FunctionDefinition,
  NamespaceOptions,
  SkillDefinition,
  VisibilityHook,
} from './definitions.js';
import { CashError } from './errors.js';
import { answerHelp, DEFAULT_GATE_THRESHOLD } from './help/answer-help.js';
import { DEFAULT_HELP_TOKEN_LIMIT, MIN_HELP_TOKEN_LIMIT } from './help/help-bound.js';
import { DEFAULT_JSON_LIMITS, type JsonLimits } from './kwargs.js';
import { buildManifest, type ManifestOptions } from './manifest/build-manifest.js';
import { createManifestRoute } from './manifest/manifest-route.js';
import type { CashManifest } from './manifest/manifest-schema.js';
import { createCashMcpServer } from './mcp-server.js';
import type { NamespaceMount } from './mount.js';
import { formatNamespacePath } from './names.js';
import { addChild, addFunction, addSkill, createNode, type NamespaceNode } from './registry.js';
import type { Scope } from './resolve.js';
import { errorLine, errorResult, wireError } from './results.js';
import type { ParamsDefinition } from './schema.js';
import { createSchemaValidator } from './schema.js';
import { answerSkill } from './skills/answer-skill.js';
import { loadSkillFolder } from './skills/skill-files.js';
import { createSkillSource } from './skills/skill-source.js';
import { parseCallArguments, parseHelpArguments, parseSkillArguments } from './tool-arguments.js';

/** Options of {@link createCashServer}. */
export interface CashServerOptions {
  /** `serverInfo.name`; also the manifest's default publisher. */
  name: string;
  /** `serverInfo.version` (default `0.0.0`). */
  version?: string;
  /** One line about the server, for a root-only server's manifest entry. */
  description?: string;
  /** `instructions` sent at `initialize` (none by default: they would cost context too). */
  instructions?: string;
  /** The default gate threshold in characters (default 10,000; advertised by `help()` when higher). */
  gateThreshold?: number;
  /**
   * The most `cl100k_base` tokens one `help` answer may take (default 2,000, at least 1,000):
   * larger listings are gated and paged, larger documentation cut.
   */
  helpTokenLimit?: number;
  /** Decides what each caller sees (cash-rfc §2.3). */
  visibility?: VisibilityHook;
  /** Bounds on incoming kwargs (default: depth 64, 1,000,000 characters). */
  limits?: Partial<JsonLimits>;
  /** What the manifest says (cash-rfc §5.5). */
  manifest?: ManifestOptions;
  /** The clock (for `last_updated`); default `() => new Date()`. */
  now?: () => Date;
}

/** Declares the content of one namespace; {@link CashServer} is the root's. */
export interface NamespaceBuilder {
  /** The dotted path of this namespace (`''` for the root). */
  readonly path: string;
  /**
   * Adds a sub-namespace and returns its builder.
   *
   * @throws CashError `INVALID_LABEL` or `LABEL_COLLISION` (cash-rfc §5.1).
   */
  namespace(label: string, options: NamespaceOptions): NamespaceBuilder;
  /**
   * Adds a function; returns this builder for chaining.
   *
   * @throws CashError `INVALID_LABEL`, `LABEL_COLLISION` or `INVALID_DEFINITION`.
   */
  function<Params extends ParamsDefinition | undefined = undefined>(
    label: string,
    definition: FunctionDefinition<Params>,
  ): NamespaceBuilder;
  /**
   * Adds a skill; returns this builder for chaining.
   *
   * @throws CashError `INVALID_LABEL`, `LABEL_COLLISION` or `INVALID_DEFINITION`.
   */
  skill(label: string, definition: SkillDefinition): NamespaceBuilder;
  /**
   * Adds the skills of a folder of `SKILL.md` files (executable content dropped, cash-rfc §4.3)
   * and returns their labels.
   *
   * @throws CashError `SKILL_FILE_INVALID`, `LABEL_COLLISION`.
   */
  skillsFromFolder(folder: string): Promise<string[]>;
  /**
   * Mounts an upstream as a sub-namespace (see the aggregation helpers); `description`
   * overrides the mount's own one-liner.
   *
   * @throws CashError `INVALID_LABEL` or `LABEL_COLLISION` (cash-rfc §5.4: labels are unique).
   */
  mount(
    label: string,
    mount: NamespaceMount,
    options?: { description?: string; tags?: string[] },
  ): void;
}

/** Options of {@link CashServer.callTool}. */
export interface CallToolOptions {
  /** Who is calling (for the visibility hook and handlers). */
  session?: CallerContext;
  /** Cancels the call. */
  signal?: AbortSignal;
}

/** A CaSH server: the root namespace's builder plus the ways to serve it. */
export interface CashServer extends NamespaceBuilder {
  /** The server name. */
  readonly name: string;
  /** The default gate threshold in characters. */
  readonly gateThreshold: number;
  /**
   * A new MCP server for one server instance: fits `ServerFactory` of `@x/core/serve`
   * (`serveStdio(context => cash.createMcpServer(context))`).
   */
  createMcpServer(caller?: CallerContext): McpServer;
  /** Answers one of the three tools directly, as `tools/call` would (never throws for bad input). */
  callTool(
    name: 'call' | 'help' | 'skill',
    args: unknown,
    options?: CallToolOptions,
  ): Promise<CallToolResult>;
  /** The manifest as an anonymous caller sees it (cash-rfc §5.5). */
  manifest(): CashManifest;
  /** A `serveHttp` route handler for `/.well-known/cash-mcp.yaml` (see `MANIFEST_PATH`). */
  manifestRoute(): HttpRouteHandler;
  /** Closes every mount; idempotent. */
  close(): Promise<void>;
}

function checkThreshold(value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new CashError({
      code: 'INVALID_DEFINITION',
      message: `gateThreshold must be a positive integer (characters), got ${value}`,
    });
  }
  return value;
}

function checkHelpTokenLimit(value: number): number {
  if (!Number.isInteger(value) || value < MIN_HELP_TOKEN_LIMIT) {
    throw new CashError({
      code: 'INVALID_DEFINITION',
      message: `helpTokenLimit must be an integer of at least ${MIN_HELP_TOKEN_LIMIT} (tokens), got ${value}`,
    });
  }
  return value;
}

function collectMounts(node: NamespaceNode, into: NamespaceMount[]): NamespaceMount[] {
  if (node.mount !== undefined) into.push(node.mount);
  for (const child of node.children.values()) collectMounts(child, into);
  return into;
}

/**
 * Creates a CaSH server: declare namespaces, functions and skills on it (it is the root
 * namespace's builder), mount upstreams, then serve it with `createMcpServer` per session.
 *
 * @throws CashError `INVALID_DEFINITION` for a bad `gateThreshold`, `helpTokenLimit` or `limits`.
 * @see cash-rfc §4 (the three tools), §5 (namespaces), §7 (gating)
 */
export function createCashServer(options: CashServerOptions): CashServer {
  const gateThreshold = checkThreshold(options.gateThreshold ?? DEFAULT_GATE_THRESHOLD);
  const helpTokenLimit = checkHelpTokenLimit(options.helpTokenLimit ?? DEFAULT_HELP_TOKEN_LIMIT);
  const limits: JsonLimits = { ...DEFAULT_JSON_LIMITS, ...options.limits };
  const validator = createSchemaValidator();
  const now = options.now ?? (() => new Date());
  const root = createNode('', [], options.description ?? '');
  const info = { name: options.name, version: options.version ?? '0.0.0' };
  let closing: Promise<void> | undefined;

  function builder(node: NamespaceNode): NamespaceBuilder {
    const path = formatNamespacePath(node.path);
    const self: NamespaceBuilder = {
      path,
      namespace(label, namespaceOptions) {
        if (
          typeof namespaceOptions?.description !== 'string' ||
          namespaceOptions.description.trim() === ''
        ) {
          throw new CashError({
            code: 'INVALID_DEFINITION',
            message: `namespace "${path === '' ? label : `${path}.${label}`}": description must be a non-empty string`,
          });
        }
        return builder(
          addChild(node, label, namespaceOptions.description.trim(), namespaceOptions.tags ?? []),
        );
      },
      function(label, definition) {
        addFunction(node, defineFunction(label, definition, validator, path));
        return self;
      },
      skill(label, definition) {
        if (
          typeof definition?.text !== 'string' ||
          typeof definition.description !== 'string' ||
          definition.description.trim() === ''
        ) {
          throw new CashError({
            code: 'INVALID_DEFINITION',
            message: `skill "${label}": description and text must be strings (description non-empty)`,
          });
        }
        const text = definition.text;
        addSkill(node, {
          label,
          description: definition.description.trim(),
          tags: definition.tags ?? [],
          render: async () => text,
        });
        return self;
      },
      async skillsFromFolder(folder) {
        const files = await loadSkillFolder(folder);
        for (const file of files)
          self.skill(file.label, { description: file.description, text: file.text });
        return files.map((file) => file.label);
      },
      mount(label, mount, mountOptions = {}) {
        addChild(node, label, mountOptions.description ?? '', mountOptions.tags ?? [], mount);
      },
    };
    return self;
  }

  function scopeOf(session: CallerContext | undefined, signal: AbortSignal): Scope {
    return { session, visibility: options.visibility, signal };
  }

  async function callTool(
    name: 'call' | 'help' | 'skill',
    args: unknown,
    session: CallerContext | undefined,
    signal: AbortSignal,
  ): Promise<CallToolResult> {
    const scope = scopeOf(session, signal);
    try {
      if (name === 'call') {
        const request = parseCallArguments(args);
        if (CashError.isInstance(request)) return errorResult(request);
        return await answerCall(root, request, scope, { gateThreshold, limits, validator });
      }
      if (name === 'help') {
        const request = parseHelpArguments(args);
        if (CashError.isInstance(request)) return errorResult(request);
        return await answerHelp(root, request, scope, {
          gateThreshold,
          tokenLimit: helpTokenLimit,
        });
      }
      const request = parseSkillArguments(args);
      if (CashError.isInstance(request)) return errorResult(request);
      return await answerSkill(root, request, scope);
    } catch (error) {
      return errorResult(
        CashError.isInstance(error)
          ? error
          : wireError('FUNCTION_FAILED', `internal error: ${errorLine(error)}`),
      );
    }
  }

  function manifest(endpointFallback?: string): CashManifest {
    return buildManifest(
      {
        name: options.name,
        description: options.description,
        root,
        options: options.manifest ?? {},
        now,
      },
      scopeOf(undefined, new AbortController().signal),
      endpointFallback,
    );
  }

  return {
    ...builder(root),
    name: options.name,
    gateThreshold,
    createMcpServer(session) {
      return createCashMcpServer({
        info,
        instructions: options.instructions,
        callTool: (name, args, signal) => callTool(name, args, session, signal),
        manifest: () => manifest(),
        skills: createSkillSource(root, (signal) => scopeOf(session, signal)),
      });
    },
    callTool(name, args, callOptions = {}) {
      return callTool(
        name,
        args,
        callOptions.session,
        callOptions.signal ?? new AbortController().signal,
      );
    },
    manifest: () => manifest(),
    manifestRoute() {
      return createManifestRoute((request) => {
        const host = request.headers.host;
        const scheme = 'encrypted' in request.socket ? 'https' : 'http';
        return manifest(host === undefined ? undefined : `${scheme}://${host}/mcp`);
      });
    },
    close() {
      closing ??= Promise.all(collectMounts(root, []).map((mount) => mount.close())).then(
        () => undefined,
      );
      return closing;
    },
  };
}
