/**
 * Builds example arguments from a parameters schema, for the few-shot call in system messages.
 *
 * @module
 */

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_DEPTH = 3;

/**
 * An example value for a schema: its `examples[0]`, `example`, `default`, `const` or first
 * `enum` value when it has one, else a placeholder by type (`"..."`, `1`, `true`, `[]`, an
 * object of its required properties). Deterministic: same schema, same example.
 */
export function exampleValue(schema: unknown, depth = 0): unknown {
  if (!isSchema(schema)) return '...';
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const key of ['example', 'default', 'const'] as const) {
    if (schema[key] !== undefined) return schema[key];
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variants = [schema.oneOf, schema.anyOf].find(Array.isArray);
  if (variants !== undefined && variants.length > 0) return exampleValue(variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return depth >= MAX_DEPTH ? [] : [exampleValue(schema.items, depth + 1)];
    case 'null':
      return null;
    case 'object':
      return depth >= MAX_DEPTH ? {} : exampleArguments(schema, depth + 1);
    default:
      return isSchema(schema.properties) && depth < MAX_DEPTH
        ? exampleArguments(schema, depth + 1)
        : '...';
  }
}

/** Example arguments for a parameters schema: one entry per required property, in schema order. */
export function exampleArguments(schema: Schema, depth = 0): Record<string, unknown> {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([key]) => required.has(key))
      .map(([key, property]) => [key, exampleValue(property, depth)]),
  );
}
