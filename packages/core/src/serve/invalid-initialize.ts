/**
 * An `initialize` over Streamable HTTP whose parameters have the wrong types: the SDK's
 * transport does not take it for an `initialize` at all, so without this check the caller
 * would read "missing mcp-session-id header". We answer `-32602` naming the fields instead,
 * as the stdio server does (see `invalid-params.ts`).
 *
 * @module
 */
import { isInitializeRequest } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** The fields of `initialize` params a client must send (2025-11-25 `InitializeRequest`). */
const InitializeParamsSchema = z.looseObject({
  protocolVersion: z.string(),
  capabilities: z.looseObject({}),
  clientInfo: z.looseObject({ name: z.string(), version: z.string() }),
});

/** The longest message we send. */
const MAX_MESSAGE_LENGTH = 300;

/** A JSON-RPC request id. */
type RequestId = string | number;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = ['params', ...issue.path.map(String)].join('.');
  return `${path}: ${issue.message.replace(/^Invalid input: /, '')}`;
}

/**
 * The id and `-32602` message for `body` when it is a lone `initialize` request whose
 * parameters break the schema, like `Invalid initialize request: params.protocolVersion:
 * expected string, received number`; `undefined` for any other body.
 */
export function describeInvalidInitialize(
  body: unknown,
): { id: RequestId; message: string } | undefined {
  if (!isRecord(body) || body.method !== 'initialize' || isInitializeRequest(body)) {
    return undefined;
  }
  const { id } = body;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const parsed = InitializeParamsSchema.safeParse(body.params);
  const problems = parsed.success
    ? 'params do not match the initialize request'
    : parsed.error.issues.map(describeIssue).join('; ');
  const message = `Invalid initialize request: ${problems}`;
  return {
    id,
    message: message.length <= MAX_MESSAGE_LENGTH ? message : `${message.slice(0, 299)}…`,
  };
}
