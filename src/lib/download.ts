/** Hands the text to the browser as a file download. */
export function downloadTextFile(fileName: string, content: string, type: string): void {
  downloadBlob(fileName, new Blob([content], { type }));
}

/** Hands the file to the browser as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download asynchronously after click().
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
