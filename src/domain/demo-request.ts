import { z } from "zod";

/** A stored request for a demo (the form's eight fields plus bookkeeping). */
export const demoRequestSchema = z.object({
  schemaVersion: z.literal(1),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  country: z.string(),
  countryCode: z.string(),
  phone: z.string(),
  message: z.string().max(500),
  createdAt: z.string(),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;
