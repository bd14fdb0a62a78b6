/**
 * zod schemas of the `mcpServers` configuration format and our per-server extensions.
 *
 * @module
 */
import { z } from 'zod';
import { PoliciesConfigSchema } from '../policy/policy-schema.js';
import { findServerNameCollisions, SERVER_NAME_PATTERN, toServerName } from './server-name.js';
import { MAX_UPSTREAM_MESSAGE_BYTES, MIN_UPSTREAM_MESSAGE_BYTES } from './upstream-options.js';

/** Longest timeout a timer can hold (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER_NAME_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Whether a header value holds a control character other than tab (fetch would reject it). */
function hasHeaderControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) {
      return true;
    }
  }
  return false;
}

const NAME_RULE = '1-64 letters, digits, "_", "-" or ".", starting with a letter or digit';

/**
 * A server name (the key under `mcpServers`) or a namespace: 1 to 64 characters of
 * `A-Z a-z 0-9 _ - .`, starting with a letter or digit.
 *
 * The rule keeps names safe inside MCP tool names (`A-Za-z0-9_-./`) and free of the
 * `:` and `#` that tool ids use as separators.
 */
export const UpstreamNameSchema = z.string().regex(SERVER_NAME_PATTERN, `must be ${NAME_RULE}`);

const TextSchema = z
  .string()
  .refine((value) => !value.includes('\0'), 'must not contain NUL characters');
const NonEmptyTextSchema = TextSchema.min(1, 'must not be empty');
const ToolNameListSchema = z.array(z.string().min(1, 'must not be empty'));

/** The extensions we add to every server entry; other clients ignore or reject them. */
const extensionsShape = {
  /** The namespace this server's tools appear under (default: the server's key). */
  namespace: UpstreamNameSchema.optional(),
  /** Per-call timeout in milliseconds. */
  timeoutMs: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(MAX_TIMEOUT_MS, `must be at most ${MAX_TIMEOUT_MS}`)
    .optional(),
  /** Exact tool names to keep; the others are hidden. */
  include: ToolNameListSchema.optional(),
  /** Exact tool names to hide (applied after `include`). */
  exclude: ToolNameListSchema.optional(),
  /**
   * The largest message read from this server, in bytes (default: the `maxMessageBytes`
   * upstream option, 64 MiB): a stdio line, a JSON body or one event of an event stream. A
   * larger answer fails its one request with `RESULT_TOO_LARGE` and the connection stays up.
   */
  maxMessageBytes: z
    .number()
    .int('must be an integer')
    .min(MIN_UPSTREAM_MESSAGE_BYTES, `must be at least ${MIN_UPSTREAM_MESSAGE_BYTES}`)
    .max(MAX_UPSTREAM_MESSAGE_BYTES, `must be at most ${MAX_UPSTREAM_MESSAGE_BYTES}`)
    .optional(),
  /** When true the server is not started. */
  disabled: z.boolean().optional(),
  /**
   * Which protocol era to speak: `auto` asks with `server/discover` and falls back to the 2025
   * `initialize` handshake; `modern` insists on 2026-07-28; `legacy` speaks 2025 only. Unset:
   * `auto` over HTTP; over stdio the 2025 handshake first, and a server that refuses it with
   * "unsupported protocol version" is reconnected in the 2026-07-28 era (no probe process).
   */
  protocol: z.union([z.literal('auto'), z.literal('modern'), z.literal('legacy')]).optional(),
};

/**
 * A server started as a child process and spoken to over stdio.
 *
 * `env` is added to the SDK's default safe environment (`HOME`, `PATH`, ...), not to our
 * whole environment. A relative `cwd` is resolved against the configuration file's folder
 * by {@link loadMcpServersConfig}.
 */
export const StdioUpstreamConfigSchema = z.strictObject({
  /** The transport: a child process spoken to over stdio. */
  type: z.literal('stdio'),
  /** The program to start. */
  command: NonEmptyTextSchema,
  /** Its arguments. */
  args: z.array(TextSchema).optional(),
  /** Variables added to the SDK's default safe environment. */
  env: z
    .record(
      z.string().regex(ENV_NAME_PATTERN, 'must be a variable name (letters, digits, "_")'),
      TextSchema,
    )
    .optional(),
  /** The working directory (relative to the configuration file's folder). */
  cwd: NonEmptyTextSchema.optional(),
  ...extensionsShape,
});

/**
 * A server reached over Streamable HTTP at an `http:` or `https:` URL.
 *
 * `headers` are sent with every request (for example `Authorization`); they never
 * appear in error messages.
 */
export const HttpUpstreamConfigSchema = z.strictObject({
  /** The transport: Streamable HTTP. */
  type: z.literal('http'),
  /** The MCP endpoint. */
  url: z.url({ protocol: /^https?$/, error: 'must be an http: or https: URL' }),
  /** Headers sent with every request (never shown in errors). */
  headers: z
    .record(
      z.string().regex(HEADER_NAME_PATTERN, 'must be an HTTP header name'),
      z
        .string()
        .refine(
          (value) => !hasHeaderControlCharacter(value),
          'must not contain control characters',
        ),
    )
    .optional(),
  ...extensionsShape,
});

/** Accepted spellings of `type`, mapped to the transport they select. */
const TRANSPORT_TYPES: Readonly<Record<string, 'stdio' | 'http'>> = {
  stdio: 'stdio',
  http: 'http',
  'streamable-http': 'http',
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Fills in or normalizes `type`, and reports an entry that names both transports or none. */
function normalizeTransportType(value: unknown, context: z.RefinementCtx): unknown {
  if (!isPlainObject(value)) {
    return value;
  }
  if (Object.hasOwn(value, 'type')) {
    const type = typeof value.type === 'string' ? TRANSPORT_TYPES[value.type] : undefined;
    return type === undefined ? value : { ...value, type };
  }
  const hasCommand = Object.hasOwn(value, 'command');
  const hasUrl = Object.hasOwn(value, 'url');
  if (hasCommand && hasUrl) {
    context.addIssue({
      code: 'custom',
      message: 'has both "command" and "url": a server is either stdio (command) or HTTP (url)',
    });
  } else if (!hasCommand && !hasUrl) {
    context.addIssue({ code: 'custom', message: 'needs "command" (stdio) or "url" (HTTP)' });
  }
  return hasCommand ? { ...value, type: 'stdio' } : { ...value, type: 'http' };
}

/**
 * One server entry of an `mcpServers` file plus our extensions.
 *
 * Accepts `{command, args?, env?, cwd?}` (stdio) or `{url, headers?}` (Streamable HTTP);
 * `type` may say `"stdio"`, `"http"` or `"streamable-http"` and is filled in from the keys
 * when absent, so the parsed value always has `type: 'stdio' | 'http'`. Extensions:
 * `namespace`, `timeoutMs` (per call), `include` / `exclude` (exact tool names; `include`
 * keeps only those, then `exclude` removes), `disabled`.
 *
 * Unknown keys in an entry are rejected, so a misspelt extension never passes silently.
 */
export const UpstreamConfigSchema = z.preprocess(
  normalizeTransportType,
  z.discriminatedUnion('type', [StdioUpstreamConfigSchema, HttpUpstreamConfigSchema], {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'must be "stdio", "http" or "streamable-http"'
        : 'expected an object',
  }),
);

/** A key under `mcpServers`, mapped to its server name (see {@link toServerName}). */
const ServerKeySchema = z.string().transform((key, context) => {
  const name = toServerName(key);
  if (name === undefined) {
    context.addIssue({ code: 'custom', message: 'must contain a letter or digit' });
    return z.NEVER;
  }
  return name;
});

/**
 * Reports keys that map to one server name (the record would keep only the last), and the key
 * `__proto__`, which a JSON file can hold but an object record would silently drop.
 */
function refuseServerNameCollisions(value: unknown, context: z.RefinementCtx): unknown {
  if (isPlainObject(value)) {
    if (Object.hasOwn(value, '__proto__')) {
      context.addIssue({
        code: 'custom',
        path: ['__proto__'],
        message: 'invalid server name: "__proto__" cannot name a server; rename it',
      });
    }
    for (const { first, second, name } of findServerNameCollisions(Object.keys(value))) {
      context.addIssue({
        code: 'custom',
        path: [second],
        message: `invalid server name: maps to "${name}" like server ${JSON.stringify(first)}; rename one of them`,
      });
    }
  }
  return value;
}

/**
 * An `mcpServers` file: `{"mcpServers": {"<name>": <entry>, ...}}`.
 *
 * Other top-level keys (other tools' settings share these files) are kept as they are.
 * Each key becomes a server name of the {@link UpstreamNameSchema} rule: a valid key as
 * written, a display name such as `"Ant Design Components"` mapped deterministically
 * (`ant_design_components`, see {@link toServerName}); two keys that map to one name are
 * refused, naming both. The optional `policies` section holds per-role tool policies (see
 * `PoliciesConfigSchema` of `@x/core/policy`) and is validated like the servers.
 */
export const McpServersConfigSchema = z.looseObject({
  /** The servers by name. */
  mcpServers: z.preprocess(
    refuseServerNameCollisions,
    z.record(ServerKeySchema, UpstreamConfigSchema),
  ),
  /** Per-caller tool policies by role. */
  policies: PoliciesConfigSchema.optional(),
});

/** The most upstreams a configuration may let connect at once (`maxParallelStarts`). */
export const MAX_PARALLEL_STARTS = 1_000;

/**
 * Settings of a whole pool of upstreams, as an app's own configuration section holds them (the
 * `upstreams` field of the `x-gateway` section): every field optional, unknown fields refused.
 * Each is the upstream option of the same name (see `createUpstreamPool`).
 */
export const UpstreamPoolConfigSchema = z.strictObject({
  /**
   * How many upstreams connect at once (spawn and `initialize`); the others wait for a free
   * slot before their connect timeout starts. A whole number from 1 to 1 000; default 4.
   */
  maxParallelStarts: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(MAX_PARALLEL_STARTS, `must be at most ${MAX_PARALLEL_STARTS}`)
    .optional(),
  /** How long one upstream may take to connect once it has a slot, in milliseconds; default 30 000. */
  connectTimeoutMs: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1')
    .max(MAX_TIMEOUT_MS, `must be at most ${MAX_TIMEOUT_MS}`)
    .optional(),
});

/** Parsed pool settings (see {@link UpstreamPoolConfigSchema}). */
export type UpstreamPoolConfig = z.infer<typeof UpstreamPoolConfigSchema>;

/** A server spoken to over stdio, as parsed by {@link StdioUpstreamConfigSchema}. */
export type StdioUpstreamConfig = z.infer<typeof StdioUpstreamConfigSchema>;
/** A server spoken to over Streamable HTTP, as parsed by {@link HttpUpstreamConfigSchema}. */
export type HttpUpstreamConfig = z.infer<typeof HttpUpstreamConfigSchema>;
/** One parsed server entry; switch on `type`. */
export type UpstreamConfig = z.infer<typeof UpstreamConfigSchema>;
/** A parsed `mcpServers` file. */
export type McpServersConfig = z.infer<typeof McpServersConfigSchema>;
