/** `1 call`, `2 calls`, `1 more day`: the plural only when n is not 1. */
export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A message on one line, without its closing full stop (it is quoted inside a sentence). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\.$/, '');
}

/** Where the records went, for messages. */
export function written(out: string): string {
  return out === '-' ? 'written to stdout' : `in ${out}`;
}

/** A word as a POSIX shell reads it back: quoted when it holds anything but safe characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
