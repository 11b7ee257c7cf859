import { z } from "zod";

/** What every stored record has in common: its times, and how the API shows it. */

/** When a record was made and last changed (ISO 8601), the last fields of its schema. */
export const recordTimes = {
  createdAt: z.string(),
  updatedAt: z.string(),
};

/**
 * A stored record as the API shows it (the spec's payloads): its id as `_id`, then the fields
 * named, in that order, as they are stored.
 */
export function apiRecord<T extends { id: string }, K extends keyof T & string>(
  record: T,
  fields: readonly K[],
): { _id: string } & Pick<T, K> {
  const view: Record<string, unknown> = { _id: record.id };
  for (const f of fields) view[f] = record[f];
  return view as { _id: string } & Pick<T, K>;
}
