import { hash128 } from '../http/etag.js';

/** Decoded size limit of an uploaded avatar. */
export const MAX_AVATAR_BYTES = 1_048_576;

const SIGNATURES: readonly { ext: string; test: (bytes: string) => boolean }[] = [
  { ext: 'png', test: (b) => b.startsWith('\x89PNG\r\n\x1a\n') },
  { ext: 'jpg', test: (b) => b.startsWith('\xff\xd8\xff') },
  { ext: 'gif', test: (b) => b.startsWith('GIF87a') || b.startsWith('GIF89a') },
  { ext: 'webp', test: (b) => b.startsWith('RIFF') && b.slice(8, 12) === 'WEBP' },
];

export type AvatarUpload = { ok: true; url: string } | { ok: false; problem: string };

/**
 * `avatar` of `PATCH /user`: a base64 image without the `data:...;base64,` preamble (spec). A
 * preamble, text that is not base64, or bytes that are not a PNG, JPEG, GIF or WebP image are
 * refused. The stored avatar is a URL named after the image's hash.
 */
export function uploadAvatar(userId: number, raw: string): AvatarUpload {
  if (/^\s*data:/i.test(raw))
    return { ok: false, problem: 'Avatar must be plain base64, without the data:...;base64, preamble' };
  // Line breaks are allowed (MIME base64 wraps at 76 characters); nothing else outside the alphabet.
  const text = raw.replace(/[\r\n]/g, '');
  if (text === '' || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text))
    return { ok: false, problem: 'Avatar is not valid base64' };
  let bytes: string;
  try {
    bytes = atob(text);
  } catch {
    return { ok: false, problem: 'Avatar is not valid base64' };
  }
  if (bytes.length > MAX_AVATAR_BYTES)
    return { ok: false, problem: `Avatar is too big (maximum is ${MAX_AVATAR_BYTES} bytes)` };
  const kind = SIGNATURES.find((signature) => signature.test(bytes));
  if (!kind) return { ok: false, problem: 'Avatar is not a PNG, JPEG, GIF or WebP image' };
  return {
    ok: true,
    url: `https://www.sandbox.test/images/avatars/users/${userId}/${hash128(text).slice(0, 16)}.${kind.ext}`,
  };
}
