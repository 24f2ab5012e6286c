/**
 * Access tokens whose signature and claims were verified, by their exact text, until they expire: a
 * client sends the same token with every call for up to 15 minutes, and checking its HMAC through
 * WebCrypto each time was a tenth of the server's CPU on a history read (bench:costs). A token found
 * here was signed with this process's key (only a verified one is put in), so the signature holds;
 * expiry is checked on each hit, revocation by the caller on every call. Bounded: past `max` entries
 * the oldest go first.
 */
export interface VerifiedTokens<T> {
  get(token: string, nowMs: number): T | undefined;
  set(token: string, value: T, expiresAtMs: number): void;
}

export function createVerifiedTokens<T>(max: number): VerifiedTokens<T> {
  const entries = new Map<string, { value: T; expiresAtMs: number }>();
  return {
    get(token, nowMs) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (nowMs < entry.expiresAtMs) return entry.value;
      entries.delete(token);
      return undefined;
    },
    set(token, value, expiresAtMs) {
      entries.delete(token);
      if (entries.size >= max) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(token, { value, expiresAtMs });
    },
  };
}
