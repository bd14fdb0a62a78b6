/**
 * How a driver's bridge is launched and found healthy: the autostart part of its metadata
 * (mcs §6).
 *
 * @module
 */

import { z } from 'zod';

const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

const EnvironmentSchema = z.record(
  z.string().regex(ENV_NAME_PATTERN, 'must be a variable name (letters, digits, "_")'),
  z.string(),
);

/** A port number, 1 to 65535. */
const PortSchema = z.int().min(1).max(65535);

/**
 * An executable that runs the bridge on this machine.
 *
 * `{port}` and `{host}` in `args` and `env` values are replaced by the port chosen for the
 * bridge and `127.0.0.1`, so a server that takes its port from a flag or a variable can be
 * given a free one.
 *
 * @see mcs §6
 */
export const BridgeCommandSchema = z.object({
  /** The executable (a path, or a name found on `PATH`). */
  command: z.string().min(1),
  /** Its arguments. */
  args: z.array(z.string()).default([]),
  /** Variables added to this process's environment. */
  env: EnvironmentSchema.default({}),
  /** The working directory; defaults to the current one. */
  cwd: z.string().min(1).optional(),
});

/**
 * A container image that runs the bridge, used when a container runtime with a reachable
 * engine is present.
 *
 * The container's `port` is published on `127.0.0.1` only. `{port}` in `args` and `env` values
 * is the container's port, `{host}` is `0.0.0.0` (inside the container).
 *
 * @see mcs §6
 */
export const BridgeContainerSchema = z.object({
  /** The image reference, e.g. `ghcr.io/acme/bookshop:1.2`. */
  image: z.string().min(1),
  /** The port the bridge listens on inside the container. */
  port: PortSchema,
  /** Arguments after the image (the container's command). */
  args: z.array(z.string()).default([]),
  /** Variables set inside the container. */
  env: EnvironmentSchema.default({}),
});

/**
 * When the launched bridge counts as ready.
 *
 * - `http`: a GET of `url` answers 200-399.
 * - `tcp`: a TCP connection to `127.0.0.1:{port}` opens.
 * - `mcp`: an MCP `initialize` over Streamable HTTP at the endpoint succeeds.
 *
 * @see mcs §6
 */
export const BridgeHealthSchema = z.discriminatedUnion('type', [
  z.object({
    /** A health URL. */
    type: z.literal('http'),
    /** The URL, with `{host}`, `{port}` and `{endpoint}` placeholders. */
    url: z.string().min(1),
  }),
  z.object({
    /** A listening port. */
    type: z.literal('tcp'),
  }),
  z.object({
    /** An MCP server over Streamable HTTP. */
    type: z.literal('mcp'),
  }),
]);

/**
 * The autostart metadata of a driver: what to launch, where it will answer, when it is ready.
 *
 * - `command` and/or `container`: the container is used when a runtime is usable, else the
 *   command; with only a container and no usable runtime, starting fails with
 *   `CONTAINER_RUNTIME_UNAVAILABLE`.
 * - `port`: the host port the bridge answers on; `auto` (the default) picks a free one.
 * - `endpoint`: what the caller gets, with `{host}` (`127.0.0.1`) and `{port}`; defaults to
 *   `http://{host}:{port}`.
 * - `health`: defaults to `tcp`.
 * - `startTimeoutMs` (default 30 000) bounds the wait for health; `stopTimeoutMs` (default
 *   5 000) is how long a stop waits before it kills.
 *
 * @see mcs §6
 */
export const BridgeLaunchSchema = z
  .object({
    /** An executable that runs the bridge. */
    command: BridgeCommandSchema.optional(),
    /** A container image that runs the bridge. */
    container: BridgeContainerSchema.optional(),
    /** The host port, or `auto` for a free one. */
    port: z.union([PortSchema, z.literal('auto')]).default('auto'),
    /** The endpoint returned to the caller, with `{host}` and `{port}`. */
    endpoint: z.string().min(1).default('http://{host}:{port}'),
    /** When the bridge is ready. */
    health: BridgeHealthSchema.default({ type: 'tcp' }),
    /** How long to wait for health, in ms. */
    startTimeoutMs: z.int().min(1).max(600_000).default(30_000),
    /** How long a stop waits for the bridge to exit before it kills it, in ms. */
    stopTimeoutMs: z.int().min(0).max(60_000).default(5_000),
  })
  .refine(
    (launch) => launch.command !== undefined || launch.container !== undefined,
    'needs a command or a container',
  );

/** Autostart metadata as validated by {@link BridgeLaunchSchema}, defaults filled in. */
export type BridgeLaunch = z.infer<typeof BridgeLaunchSchema>;

/** Autostart metadata as a driver author writes it, defaults left out. */
export type BridgeLaunchInput = z.input<typeof BridgeLaunchSchema>;

/** Replaces `{name}` placeholders in `text` with the given values; unknown ones stay. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}
