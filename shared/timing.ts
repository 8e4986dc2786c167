// Timings the spec fixes for saving and its indicator (spec 1 §9), used by the core and
// the renderer alike.

/** Autosave debounce for blocks and settings: local edits reach the platform after it. */
export const AUTOSAVE_DEBOUNCE_MS = 5000;
/** The 'Saved' indicator goes back to 'Last updated: …' after this. */
export const SAVED_INDICATOR_RESET_MS = 2000;
/** How often the 'Last updated: {relative time}' label refreshes. */
export const SAVING_LABEL_REFRESH_MS = 10_000;
