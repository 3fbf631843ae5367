/** Hands a file to the browser as a download (a click on a temporary link). */

/** Saves what an address holds (a data: URL, a blob: URL) under `name`. */
export function saveAddress(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Saves a blob under `name`; its address is let go once the browser has had time to read it. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  saveAddress(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
