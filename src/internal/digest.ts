/** SHA-256 as hex, from the platform's Web Crypto: the handler's session keys and visitor fingerprints. */
export async function sha256Hex(text: string, bytes = 32): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return hexOf(new Uint8Array(digest).subarray(0, bytes));
}

/** Bytes as lowercase hex, two digits each. */
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
