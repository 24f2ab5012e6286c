/** Random password generator (docs/product.md §5): 12 characters from letters, digits and !@#$%^&*(). */

export const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*()';
export const GENERATED_PASSWORD_LENGTH = 12;

function randomIndex(limit: number): number {
  // Rejection sampling over one byte keeps every character equally likely.
  const ceiling = 256 - (256 % limit);
  const buf = new Uint8Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    const b = buf[0]!;
    if (b < ceiling) return b % limit;
  }
}

function satisfiesRules(pw: string): boolean {
  return /[A-Z]/.test(pw) && /[0-9]/.test(pw) && /[^A-Za-z0-9]/.test(pw);
}

/** A password that also passes the sign-up rules (redrawn until it does, so it stays uniform). */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  for (;;) {
    let pw = '';
    for (let i = 0; i < length; i++) pw += PASSWORD_ALPHABET[randomIndex(PASSWORD_ALPHABET.length)];
    if (satisfiesRules(pw)) return pw;
  }
}
