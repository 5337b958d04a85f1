/**
 * Saves a file the server made (the settlement CSV, PDF statements and receipts) from the browser: the
 * bytes come through tRPC, which carries the session, so no link with a token in it is ever needed.
 */
export function downloadFile(filename: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A PDF sent as base64 (tRPC answers are JSON). */
export function downloadPdf(file: { filename: string; base64: string }): void {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  downloadFile(file.filename, bytes, 'application/pdf');
}
