/**
 * Hands a downloaded file to the browser's download manager under its name: an object URL on a
 * temporary `<a download>`, released once the click has been dispatched.
 */
export function saveFile(file: { readonly blob: Blob; readonly fileName: string }): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after the click returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
