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

/** The email as it is mailed (minified, shared/render/minify-email.ts): what Gmail's clip limit counts. */
export const MailSizeSchema = z.object({ size: z.number(), weight: z.enum(['Good', 'Warning']), gmailClipping: z.boolean() });

export const InboxCompatibilitySchema = z.object({ families: z.array(FamilyFindingsSchema), mailSize: MailSizeSchema });
export type InboxCompatibility = z.infer<typeof InboxCompatibilitySchema>;
export type MailSize = z.infer<typeof MailSizeSchema>;
export type FamilyFindingsView = z.infer<typeof FamilyFindingsSchema>;
