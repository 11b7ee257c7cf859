import type { Context } from "hono";
import type { z } from "zod";
import { ValidationError } from "../domain/errors.ts";

/**
 * Reads the JSON body (400 when it is not JSON) and parses it with `schema` (400 + errors).
 * `quick`, for a hot body, answers what the schema would for the usual body (null otherwise:
 * the schema decides, with its messages), without zod's pass.
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  quick?: (body: unknown) => z.output<S> | null,
): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ValidationError("Request body must be valid JSON");
  }
  return quick?.(body) ?? schema.parse(body);
}

/** Reads a multipart form (400 when the body is not one). */
export async function readMultipart(c: Context): Promise<FormData> {
  const type = c.req.header("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new ValidationError("Request body must be multipart/form-data");
  }
  try {
    return await c.req.formData();
  } catch {
    throw new ValidationError("Request body is not a valid multipart form");
  }
}
