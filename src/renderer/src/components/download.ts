/** Downloads from the renderer: a blob URL on an `<a download>` (allowed by the CSP, works in browser mode). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Long enough for the browser to start reading a large export.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
