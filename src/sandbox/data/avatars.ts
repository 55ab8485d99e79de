/** Where the preset avatars live; `GET /user/avatars` lists them, `avatar_preset` names one by file. */
export const AVATAR_BASE = 'https://www.sandbox.test/images/avatars/default/';

/** In the recorded order (`user_avatars.json`), which is not numeric. */
const NUMBERS = [
  26, 19, 23, 25, 28, 4, 15, 21, 29, 7, 6, 18, 14, 32, 24, 8, 9, 10, 1, 5, 30, 22, 33, 35, 12, 2, 3, 11, 17,
  20, 27, 31, 34, 16, 13,
];

/** File names: the values `avatar_preset` accepts. */
export const AVATAR_PRESETS: readonly string[] = Object.freeze(NUMBERS.map((n) => `avatar${n}.jpg`));

export function presetUrl(fileName: string): string {
  return `${AVATAR_BASE}${fileName}`;
}
