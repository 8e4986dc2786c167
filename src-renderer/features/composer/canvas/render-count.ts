// Which sections React renders, for the composer benchmark (`npm run bench -- composer`)
// to check that a keystroke re-renders only the edited section. Off unless the page was
// opened with `?count-renders` in its address (read once, at start), so everyday use pays
// one boolean test per section render and keeps no list.

declare global {
  interface Window {
    /** The uniqueIds of the sections rendered since the reader last emptied it. */
    __letterdeskSectionRenders?: string[];
  }
}

const counting = typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('count-renders');

if (counting) window.__letterdeskSectionRenders = [];

export function countSectionRender(uniqueId: string): void {
  if (counting) window.__letterdeskSectionRenders?.push(uniqueId);
}
