// A count with its noun in the right number: '1 response', '2 responses', '0 responses'.
// English only: the app's own words are English (the footer language is the readers').

export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
