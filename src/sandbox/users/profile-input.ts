import { AVATAR_PRESETS, presetUrl } from '../data/avatars.js';
import type { UserRecord } from '../data/user-types.js';
import { rootedParam } from '../http/body.js';
import { recordInvalid } from '../reviews/review-input.js';
import { uploadAvatar } from './avatar-upload.js';

const TRUE = ['true', '1'];
const FALSE = ['false', '0'];
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const MOBILE = /^\+?\d{10,15}$/;

function flag(value: string): boolean | undefined {
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  return undefined;
}

/**
 * `email_notifications`, as a map (`{"price_alerts": false}` → `email_notifications[price_alerts]`)
 * or as a list of `{field, enabled}` (→ `email_notifications[][field]`, `[][enabled]`, paired in
 * order); under `user[...]` or not.
 */
function readEmailSettings(params: URLSearchParams): Map<string, string> {
  const changes = new Map<string, string>();
  const fields: string[] = [];
  const enabled: string[] = [];
  for (const [key, value] of params) {
    const prefix = ['user[email_notifications]', 'email_notifications'].find((p) => key.startsWith(p));
    if (prefix === undefined) continue;
    const rest = key.slice(prefix.length);
    if (rest === '[][field]') fields.push(value);
    else if (rest === '[][enabled]') enabled.push(value);
    else {
      const named = /^\[([^\]]+)\]$/.exec(rest);
      if (named?.[1]) changes.set(named[1], value);
    }
  }
  fields.forEach((field, i) => {
    changes.set(field, enabled[i] ?? '');
  });
  return changes;
}

/**
 * `PATCH /user`: the profile after the fields sent, checked as a whole; a 422 `RecordInvalid`
 * lists every problem and changes nothing. Readable fields: username, email, sex (`male`,
 * `female`, blank for none), birthyear (blank for none), mobile (blank for none),
 * email_notifications, and the avatar as `avatar_preset` (a file name of `GET /user/avatars`) or
 * `avatar` (base64), not both. Other fields are ignored, as Rails' strong parameters do.
 */
export function patchProfile(
  profile: UserRecord,
  params: URLSearchParams,
  context: { takenUsernames: ReadonlySet<string>; year: number },
): UserRecord {
  const next: UserRecord = structuredClone(profile);
  const problems: string[] = [];
  const read = (name: string): string | null => rootedParam(params, 'user', name);

  const username = read('username');
  if (username !== null) {
    const name = username.trim();
    if (name === '') problems.push("Username can't be blank");
    else if (name.length > 30) problems.push('Username is too long (maximum is 30 characters)');
    else if (name !== profile.username && context.takenUsernames.has(name))
      problems.push('Username has already been taken');
    else next.username = name;
  }
  const email = read('email');
  if (email !== null) {
    if (!EMAIL.test(email.trim())) problems.push('Email is invalid');
    else if (email.trim() !== profile.email) {
      next.email = email.trim();
      // A new address has to be confirmed.
      next.resend_verification_email = true;
    }
  }
  const sex = read('sex');
  if (sex !== null) {
    if (sex === '' || sex === 'null') next.sex = null;
    else if (sex === 'male' || sex === 'female') next.sex = sex;
    else problems.push('Sex must be male, female or blank');
  }
  const birthyear = read('birthyear');
  if (birthyear !== null) {
    const year = Number(birthyear);
    if (birthyear === '' || birthyear === 'null') next.birthyear = null;
    else if (!/^\d{4}$/.test(birthyear.trim()) || year < 1900 || year > context.year)
      problems.push(`Birthyear must be a year from 1900 to ${context.year}`);
    else next.birthyear = year;
  }
  const mobile = read('mobile');
  if (mobile !== null) {
    const digits = mobile.replace(/[\s-]/g, '');
    if (digits === '' || digits === 'null') next.mobile = null;
    else if (!MOBILE.test(digits)) problems.push('Mobile is invalid');
    else next.mobile = digits;
  }

  for (const [field, value] of readEmailSettings(params)) {
    const setting = next.email_notifications.find((s) => s.field === field);
    const enabled = flag(value);
    if (!setting) problems.push(`Email notifications: unknown setting ${field}`);
    else if (enabled === undefined) problems.push(`Email notifications: ${field} must be true or false`);
    else setting.enabled = enabled;
  }

  const preset = read('avatar_preset');
  const avatar = read('avatar');
  if (preset !== null && avatar !== null) problems.push('Send either avatar or avatar_preset, not both');
  else if (preset !== null) {
    if (!AVATAR_PRESETS.includes(preset))
      problems.push(`Avatar preset ${JSON.stringify(preset)} is not a file name of GET /user/avatars`);
    else next.avatar = presetUrl(preset);
  } else if (avatar !== null) {
    const upload = uploadAvatar(profile.id, avatar);
    if (upload.ok) next.avatar = upload.url;
    else problems.push(upload.problem);
  }

  if (problems.length > 0) throw recordInvalid(...problems);
  return next;
}
