import { z } from 'zod';

// A layout's content lives on the section itself: its children (blocks), layoutType,
// isLayoutStacked and each child's columnWidth. Its block model has nothing of its own.
export const LayoutModelSchema = z.strictObject({});
export type LayoutModel = z.infer<typeof LayoutModelSchema>;

export function defaultLayoutModel(): LayoutModel {
  return {};
}
