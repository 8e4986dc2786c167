// How far each running import is, for the app's progress bar while the file streams in.
// Kept in this process's memory: the import runs here, and a platform restart ends it
// anyway (its transaction rolls back). Entries are dropped a while after they finish.

export interface ImportProgress {
  channelId: number;
  rowsProcessed: number;
  done: boolean;
}

const KEEP_FINISHED_MS = 10 * 60_000;
const progress = new Map<string, ImportProgress>();

export function startImportProgress(importId: string, channelId: number): void {
  progress.set(importId, { channelId, rowsProcessed: 0, done: false });
}

export function reportImportProgress(importId: string, rowsProcessed: number): void {
  const entry = progress.get(importId);
  if (entry) entry.rowsProcessed = rowsProcessed;
}

export function finishImportProgress(importId: string): void {
  const entry = progress.get(importId);
  if (!entry) return;
  entry.done = true;
  setTimeout(() => progress.delete(importId), KEEP_FINISHED_MS).unref();
}

/** Only the channel that runs the import may read it, so ids of others name nothing. */
export function importProgress(importId: string, channelId: number): ImportProgress | null {
  const entry = progress.get(importId);
  return entry && entry.channelId === channelId ? entry : null;
}
