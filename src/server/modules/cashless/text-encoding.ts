/** Encoding sniffing of uploaded text files (no other imports: the import worker loads it too). */
/** Whether the bytes are UTF-8 (otherwise they are read as Windows-1252, as Excel in pt-BR saves CSV). */
export function looksUtf8(sample: Buffer): boolean {
  // A multi-byte character cut at the end of the sample is not an error.
  let end = sample.length;
  for (let i = Math.max(0, end - 3); i < end; i++) if ((sample[i] & 0xc0) === 0xc0) end = i;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}
