/**
 * An upstream MCP server as a mounted namespace: a CaSH server is forwarded to, a plain MCP
 * server's tools become functions (cash-rfc §5.4).
 *
 * @module
 */

import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { Skill } from '@modelcontextprotocol/server/ext/skills';
import type { CallerContext } from '@x/core/serve';
import { firstSentence } from '@x/core/text';
import type { Upstream } from '@x/core/upstreams';
import type { CashFunction } from '../definitions.js';
import { SERVER_RESOURCE_URI } from '../mcp-server.js';
import type { MountedContent, MountTarget, NamespaceMount } from '../mount.js';
import { normalizeLabel, toLabel } from '../names.js';
import { createSchemaValidator, type ObjectJsonSchema, type SchemaValidator } from '../schema.js';
import { CASH_TOOL_NAMES } from '../tools.js';
import { upstreamSkills } from './upstream-skills.js';

/** How an upstream is served: detected (`auto`), forwarded as CaSH, or its tools as functions. */
export type UpstreamKind = 'auto' | 'cash' | 'mcp';

/** The part of a `@x/core/upstreams` `Upstream` a mount uses. */
export type MountableUpstream = Pick<
  Upstream,
  | 'name'
  | 'status'
  | 'listTools'
  | 'listSkills'
  | 'callTool'
  | 'readResource'
  | 'serverInfo'
  | 'instructions'
  | 'onListChanged'
  | 'close'
>;

/** Options of {@link createUpstreamMount}. */
export interface UpstreamMountOptions {
  /** `auto` (default): CaSH when the upstream lists `call`, `help` and `skill`. */
  kind?: UpstreamKind;
  /**
   * Checks a call of one of its tools before it is sent (the caller's policy); throws the
   * error to answer, a `CashError` `INVALID_ARGUMENTS` with `data.problems`.
   */
  checkArguments?: (
    tool: string,
    kwargs: Record<string, unknown>,
    caller: CallerContext | undefined,
  ) => void;
}

const MAX_SUMMARY = 160;

function cut(text: string): string {
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 3)}...` : text;
}

function isCash(tools: readonly Tool[]): boolean {
  const names = new Set(tools.map((tool) => tool.name));
  return CASH_TOOL_NAMES.every((name) => names.has(name));
}

function toolTags(tool: Tool): string[] {
  const tags: string[] = [];
  if (tool.annotations?.readOnlyHint === true) tags.push('read');
  if (tool.annotations?.destructiveHint === true) tags.push('destructive');
  return tags;
}

/** Labels for tool names: `get-sum` gives `get_sum`; a canonical clash gets `_2`, `_3`... in list order. */
function labelTools(tools: readonly Tool[]): Array<[string, Tool]> {
  const used = new Set<string>();
  const labelled: Array<[string, Tool]> = [];
  for (const tool of tools) {
    const base = toLabel(tool.name);
    if (base === undefined) continue;
    let label = base;
    for (let suffix = 2; used.has(normalizeLabel(label)); suffix += 1) label = `${base}_${suffix}`;
    used.add(normalizeLabel(label));
    labelled.push([label, tool]);
  }
  return labelled;
}

function toolFunction(
  label: string,
  tool: Tool,
  upstream: MountableUpstream,
  validator: SchemaValidator,
  track: <T>(promise: Promise<T>) => Promise<T>,
  checkArguments: UpstreamMountOptions['checkArguments'],
): CashFunction {
  const inputSchema = tool.inputSchema as ObjectJsonSchema;
  const description = tool.description?.trim();
  const summary = cut(
    firstSentence(description ?? '') || tool.title || tool.annotations?.title || label,
  );
  return {
    label,
    summary,
    description: description === '' ? undefined : description,
    inputSchema,
    primaryParams: undefined,
    returns: undefined,
    examples: [],
    tags: toolTags(tool),
    upstreamTool: tool.name,
    narrow: undefined,
    summarize: undefined,
    validate: typeof validator.compile(inputSchema) === 'function',
    // MCP tool annotations: a tool may change state unless it says it only reads.
    effect: tool.annotations?.readOnlyHint === true ? 'read' : 'write',
    isRetrySafe: () =>
      tool.annotations?.readOnlyHint === true || tool.annotations?.idempotentHint === true,
    async invoke(kwargs, context) {
      checkArguments?.(tool.name, kwargs, context.session);
      const result = (await track(
        upstream.callTool(tool.name, kwargs, { signal: context.signal }),
      )) as CallToolResult;
      return { result };
    },
  };
}

/** A mounted upstream, which also tells how it is served once it has been opened. */
export interface UpstreamMount extends NamespaceMount {
  /** `cash` (forwarded) or `mcp` (its tools as functions); `undefined` until first opened. */
  servedAs(): 'cash' | 'mcp' | undefined;
}

/**
 * Mounts an upstream. On first use it lists the upstream's tools (cached until the upstream
 * says its list changed, or reconnects): an upstream listing `call`, `help` and `skill` is a
 * CaSH server and gets `help`, `call` and `skill` forwarded; any other server becomes one
 * namespace whose functions are its tools (the first sentence of each description is the
 * one-liner, the input schema the parameter table; labels from tool names, §5.1).
 *
 * Failures reject `open` and mark the mount unavailable until the next success; they never
 * affect other namespaces.
 *
 * @see cash-rfc §5.4
 */
export function createUpstreamMount(
  upstream: MountableUpstream,
  options: UpstreamMountOptions = {},
): UpstreamMount {
  const validator = createSchemaValidator();
  let tools: Promise<Tool[]> | undefined;
  let skills: Promise<Skill[]> | undefined;
  let target: { from: Tool[]; skills: Skill[]; value: MountTarget } | undefined;
  let lastOk: boolean | undefined;
  let manifestText: string | undefined;
  const unsubscribe = upstream.onListChanged((kind) => {
    if (kind === 'tools') tools = undefined;
    if (kind === 'resources') skills = undefined;
  });

  function track<T>(promise: Promise<T>): Promise<T> {
    return promise.then(
      (value) => {
        lastOk = true;
        return value;
      },
      (error: unknown) => {
        lastOk = false;
        throw error;
      },
    );
  }

  function readIdentity(): void {
    upstream
      .readResource(SERVER_RESOURCE_URI, { timeoutMs: 5_000 })
      .then((result) => {
        const content = result.contents[0];
        const manifest =
          content !== undefined && 'text' in content ? JSON.parse(content.text) : undefined;
        const names = (manifest?.namespaces as Array<{ suggested?: unknown }> | undefined)
          ?.map((entry) => entry.suggested)
          .filter((name): name is string => typeof name === 'string');
        if (names !== undefined && names.length > 0) manifestText = names.join(', ');
      })
      .catch(() => {
        // The identity resource is optional (cash-rfc §5.6 SHOULD); the summary does without it.
      });
  }

  function cached<T>(
    current: Promise<T> | undefined,
    fetch: () => Promise<T>,
    store: (value: Promise<T> | undefined) => void,
    now: () => Promise<T> | undefined,
  ): Promise<T> {
    if (current !== undefined) return current;
    const pending = track(fetch());
    store(pending);
    pending.catch(() => {
      if (now() === pending) store(undefined);
    });
    return pending;
  }

  function build(list: Tool[], entries: Skill[]): MountTarget {
    const cash = options.kind === 'cash' || (options.kind !== 'mcp' && isCash(list));
    if (cash) {
      if (manifestText === undefined) readIdentity();
      return {
        kind: 'forward',
        forward: (tool, args, signal) =>
          track(upstream.callTool(tool, args, { signal })) as Promise<CallToolResult>,
      };
    }
    const content: MountedContent = {
      functions: labelTools(list).map(([label, tool]) =>
        toolFunction(label, tool, upstream, validator, track, options.checkArguments),
      ),
      skills: upstreamSkills(entries, (uri, signal) =>
        track(upstream.readResource(uri, { signal })),
      ),
    };
    return { kind: 'content', content };
  }

  return {
    summary(visible) {
      const instructions = firstSentence(upstream.instructions() ?? '');
      if (instructions !== '') return cut(instructions);
      const info = upstream.serverInfo();
      const title = info?.title ?? info?.name ?? upstream.name;
      if (target?.value.kind === 'forward') {
        return cut(
          `The CaSH server ${title}${manifestText === undefined ? '' : `: ${manifestText}`}.`,
        );
      }
      if (target?.value.kind === 'content') {
        const { functions } = target.value.content;
        const count = visible === undefined ? functions.length : functions.filter(visible).length;
        return cut(`Tools of the MCP server ${title} (${count} tools).`);
      }
      return cut(`The MCP server ${upstream.name}.`);
    },
    servedAs() {
      if (target === undefined) return undefined;
      return target.value.kind === 'forward' ? 'cash' : 'mcp';
    },
    available() {
      const status = upstream.status;
      return (
        lastOk !== false && status !== 'failed' && status !== 'closed' && status !== 'reconnecting'
      );
    },
    async open(signal) {
      const list = await cached(
        tools,
        () => upstream.listTools({ signal }),
        (value) => {
          tools = value;
        },
        () => tools,
      );
      // A CaSH upstream's skills come from its own skill() (also when it serves the extension,
      // so none is listed twice); a plain MCP upstream's from the Skills extension.
      const forward = options.kind === 'cash' || (options.kind !== 'mcp' && isCash(list));
      const entries = forward
        ? []
        : await cached(
            skills,
            () => upstream.listSkills({ signal }),
            (value) => {
              skills = value;
            },
            () => skills,
          );
      if (target === undefined || target.from !== list || target.skills !== entries) {
        target = { from: list, skills: entries, value: build(list, entries) };
      }
      return target.value;
    },
    async close() {
      unsubscribe();
      await upstream.close();
    },
  };
}
