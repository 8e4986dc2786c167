// Saves text as a file through the browser's download: in the browser host it lands in the
// downloads folder; in Electron, a download with no save path set asks where to save it with
// the system's save dialog (Electron's default for `will-download`).

export function saveTextFile(fileName: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has taken its copy once click() returns; the next task frees the blob.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
