/** How long a downloaded file's object URL is kept before it is released. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Saves a file the page holds (one downloaded with the user's token) under the given name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
