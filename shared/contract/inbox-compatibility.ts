import { z } from 'zod';

// The schedule step's inbox compatibility (shared/render/inbox-findings.ts): per mail
// client family, the blocks of the letter that will not show as designed there, and why.

const BlockRefSchema = z.object({ uniqueId: z.string(), name: z.string(), position: z.number().int().positive() });

export const FamilyFindingsSchema = z.object({
  /** CLIENT_FAMILIES' key (shared/render/inbox-compatibility.ts, not imported: it brings caniemail's data). */
  family: z.string(),
  label: z.string(),
  blocks: z.array(
    z.object({
      /** Null for the letter's own frame. */
      block: BlockRefSchema.nullable(),
      features: z.array(z.object({ feature: z.string(), effect: z.string().nullable(), clients: z.array(z.string()) })),
    }),
  ),
});

export const InboxCompatibilitySchema = z.object({ families: z.array(FamilyFindingsSchema) });
export type InboxCompatibility = z.infer<typeof InboxCompatibilitySchema>;
export type FamilyFindingsView = z.infer<typeof FamilyFindingsSchema>;
