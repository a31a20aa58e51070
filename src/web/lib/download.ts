/** Saves text or a blob as a file through a temporary link (no inline script; CSP-safe). */
export function downloadFile(filename: string, content: Blob | string, type = 'text/csv;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click's task; revoke only after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
