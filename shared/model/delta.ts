import { z } from 'zod';

// Rich text travels as Quill-style operations (spec 2 §3: "an ops array with insert
// strings"). Attributes stay open: the renderer and the editor decide which they honour.
export const DeltaOpSchema = z.object({
  insert: z.union([z.string(), z.record(z.string(), z.unknown())]),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export type DeltaOp = z.infer<typeof DeltaOpSchema>;

export const DeltaSchema = z.object({ ops: z.array(DeltaOpSchema) });
export type Delta = z.infer<typeof DeltaSchema>;

export const emptyDelta = (): Delta => ({ ops: [] });

export const textDelta = (text: string): Delta => ({ ops: [{ insert: `${text}\n` }] });
