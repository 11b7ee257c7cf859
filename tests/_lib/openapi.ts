/**
 * A small validator for the JSON Schema an OpenAPI 3.0 file uses ($ref, allOf, oneOf, type,
 * enum, required, properties, items, pattern, maxLength, minItems, maximum, formats date-time,
 * uuid, uri): enough to hold a fake server to a published API. Answers the problems found.
 */
// deno-lint-ignore no-explicit-any
export type Schema = Record<string, any>;

export function validate(spec: Schema, schema: Schema, value: unknown, at = "$"): string[] {
  if (schema.$ref) return validate(spec, resolve(spec, schema.$ref), value, at);
  const problems: string[] = [];
  for (const part of schema.allOf ?? []) problems.push(...validate(spec, part, value, at));
  if (schema.oneOf) {
    const passing = schema.oneOf.filter((s: Schema) => validate(spec, s, value, at).length === 0);
    if (passing.length === 0) problems.push(`${at}: matches none of oneOf`);
  }
  if (schema.enum && !schema.enum.includes(value)) {
    problems.push(`${at}: ${JSON.stringify(value)} not in ${schema.enum.join(", ")}`);
  }
  switch (schema.type) {
    case "object": {
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        return [...problems, `${at}: an object is expected`];
      }
      const v = value as Record<string, unknown>;
      for (const name of schema.required ?? []) {
        if (v[name] === undefined) problems.push(`${at}.${name}: required`);
      }
      for (const [name, sub] of Object.entries(schema.properties ?? {})) {
        if (v[name] !== undefined) {
          problems.push(...validate(spec, sub as Schema, v[name], `${at}.${name}`));
        }
      }
      break;
    }
    case "array":
      if (!Array.isArray(value)) return [...problems, `${at}: an array is expected`];
      if (schema.minItems && value.length < schema.minItems) problems.push(`${at}: too few items`);
      value.forEach((item, i) =>
        problems.push(...validate(spec, schema.items ?? {}, item, `${at}[${i}]`))
      );
      break;
    case "string":
      if (typeof value !== "string") return [...problems, `${at}: a string is expected`];
      if (schema.maxLength !== undefined && value.length > schema.maxLength) {
        problems.push(`${at}: longer than ${schema.maxLength}`);
      }
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) {
        problems.push(`${at}: does not match ${schema.pattern}`);
      }
      if (schema.format === "date-time" && Number.isNaN(Date.parse(value))) {
        problems.push(`${at}: not a date-time`);
      }
      if (
        schema.format === "uuid" &&
        !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
      ) problems.push(`${at}: not a uuid`);
      if (schema.format === "uri" && !URL.canParse(value)) problems.push(`${at}: not a uri`);
      break;
    case "integer":
      if (!Number.isInteger(value)) return [...problems, `${at}: an integer is expected`];
      if (schema.maximum !== undefined && (value as number) > schema.maximum) {
        problems.push(`${at}: above ${schema.maximum}`);
      }
      break;
  }
  return problems;
}

export function resolve(spec: Schema, ref: string): Schema {
  return ref.replace(/^#\//, "").split("/").reduce((node, part) => node[part], spec);
}

/** The operation a request is for: its path template's, with the path parameters. */
export function findOperation(
  spec: Schema,
  method: string,
  pathname: string,
): { operation: Schema; params: Record<string, string> } | null {
  for (const [template, item] of Object.entries(spec.paths as Record<string, Schema>)) {
    const names: string[] = [];
    const pattern = new RegExp(
      "^" + template.replace(/\{(\w+)\}/g, (_, n) => (names.push(n), "([^/]+)")) + "$",
    );
    const m = pathname.match(pattern);
    const operation = item[method.toLowerCase()];
    if (m && operation) {
      return {
        operation,
        params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])),
      };
    }
  }
  return null;
}
