/**
 * Tool scopes: which scope a `tools/call` needs (`OAuthResourceOptions.toolScopes`), checked on
 * the HTTP request before any MCP processing so that the refusal is a 403 `insufficient_scope`
 * (RFC 6750 §3.1, MCP 2025-11-25 Authorization "Scope challenge handling").
 *
 * @module
 */

/** The tool names a `tools/call` reaches: its own, plus the ones an application says it targets. */
export type CallTargets = (name: string, args: unknown) => readonly string[];

/** Checks one request body against the tool scopes. */
export type ToolScopeCheck = (body: unknown, granted: readonly string[]) => string[];

/**
 * Compiles a glob over tool names: `*` matches any run of characters, `?` one character, and `\`
 * makes the next character literal; everything else is literal.
 */
export function compileToolGlob(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const character = glob[index] as string;
    if (character === '\\' && index + 1 < glob.length) {
      index++;
      source += escapeRegExp(glob[index] as string);
    } else if (character === '*') source += '.*';
    else if (character === '?') source += '.';
    else source += escapeRegExp(character);
  }
  return new RegExp(`^${source}$`, 'su');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

/**
 * Builds the check of `toolScopes`: given a JSON-RPC body (one message or a batch) and the scopes
 * a token grants, the sorted scopes missing for its `tools/call` requests (empty: allowed).
 * `targets` adds the tools a call reaches through another (a gateway's `tool_execute`).
 */
export function createToolScopeCheck(
  toolScopes: Readonly<Record<string, string>>,
  targets: CallTargets | undefined,
): ToolScopeCheck {
  const rules = Object.entries(toolScopes).map(([glob, scope]) => ({
    pattern: compileToolGlob(glob),
    scope,
  }));
  const required = (name: string): string[] =>
    rules.filter((rule) => rule.pattern.test(name)).map((rule) => rule.scope);
  return (body, granted) => {
    if (rules.length === 0) return [];
    const missing = new Set<string>();
    for (const message of Array.isArray(body) ? body : [body]) {
      const call = toolCallOf(message);
      if (call === undefined) continue;
      const names = [call.name, ...(targets?.(call.name, call.arguments) ?? [])];
      for (const scope of names.flatMap(required)) {
        if (!granted.includes(scope)) missing.add(scope);
      }
    }
    return [...missing].sort();
  };
}

function toolCallOf(message: unknown): { name: string; arguments: unknown } | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: unknown };
  if (method !== 'tools/call' || typeof params !== 'object' || params === null) return undefined;
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  return typeof name === 'string' ? { name, arguments: args } : undefined;
}
