import { z } from 'zod';

/**
 * Names of personal API keys and passkeys, and a key's expiry: the server's body rules
 * (auth/api-key-passkey-rules.ts) and the account page's forms use these same objects.
 */

/** Every personal API key starts with this, so a bearer value is told from an access token at a glance. */
export const API_KEY_PREFIX = 'ds_';

export const API_KEY_NAME_MAX = 50;
export const PASSKEY_NAME_MAX = 50;
/** A key lasts at least a day and at most a year (the api-key plugin's own bounds), or has no expiry. */
export const API_KEY_EXPIRY_DAYS_MIN = 1;
export const API_KEY_EXPIRY_DAYS_MAX = 365;
/** The expiries the account page offers, in days (null: never). */
export const API_KEY_EXPIRY_CHOICES = [7, 30, 90, 365, null] as const;

export const apiKeyNameSchema = z
  .string('Give the key a name.')
  .trim()
  .min(1, 'Give the key a name.')
  .max(API_KEY_NAME_MAX, `A key's name has at most ${API_KEY_NAME_MAX} characters.`);

export const passkeyNameSchema = z
  .string('Give the passkey a name.')
  .trim()
  .min(1, 'Give the passkey a name.')
  .max(PASSKEY_NAME_MAX, `A passkey's name has at most ${PASSKEY_NAME_MAX} characters.`);
