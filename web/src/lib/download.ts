/** Saves a file a short-lived link points at (a FileLink) under its name, as a click on a download link would. */
export function downloadLink(url: string, fileName: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
