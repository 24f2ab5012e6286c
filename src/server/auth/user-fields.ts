import { APIError } from 'better-auth';
import { signUpSchema, USERNAME_MAX } from '#shared/auth-schemas';

/**
 * The rules for the user's `name` and `image`, applied to every write better-auth makes to a user
 * (its databaseHooks), whatever endpoint or spelling led there. Values the user typed (sign-up,
 * update-user) that break them are refused with a 400; values a sign-in provider sent are made to fit
 * (a long name is cut, an unusable picture dropped), so social sign-in never fails on them.
 */
export const IMAGE_URL_MAX = 2048;

/** better-auth endpoints whose name and image come straight from the request body. */
const USER_SENT_PATHS = new Set(['/sign-up/email', '/update-user']);

const usernameSchema = signUpSchema.shape.username;

/** Whitespace or control characters: a URL never needs them raw, and parsers disagree on skipping them. */
function hasUnsafeCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return /\s/.test(value);
}

/**
 * null or an http(s) URL without credentials, of bounded length. Never one of our upload paths: only the
 * photo route sets those, together with user.photo_key (users/photo-cleanup.ts relies on it).
 */
export function isAcceptableImage(value: unknown): value is string | null {
  if (value === null) return true;
  if (typeof value !== 'string') return false;
  if (value.length > IMAGE_URL_MAX || hasUnsafeCharacters(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
}

function refuse(message: string): never {
  throw new APIError('BAD_REQUEST', { code: 'VALIDATION', message });
}

/** A user-sent name by the shared username rules (trimmed, 1–USERNAME_MAX), or a 400. */
function userName(value: unknown): string {
  if (typeof value !== 'string') refuse('Username must be text.');
  const parsed = usernameSchema.safeParse(value);
  if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? 'The username is not valid.');
  return parsed.data;
}

/** A provider-sent name, trimmed and cut to USERNAME_MAX (as the username rules count), never mid-character. */
function providerName(value: string): string {
  let name = '';
  for (const character of value.trim()) {
    if (name.length + character.length > USERNAME_MAX) break;
    name += character;
  }
  return name.trimEnd();
}

type UserFields = Record<string, unknown>;

/**
 * The checked fields of one write: `name` and `image` when the write has them. `dropped` is what an
 * unusable provider picture becomes: null for a new user, undefined (no change) for an update.
 */
export function checkUserFields(
  data: UserFields,
  path: string | undefined,
  dropped: null | undefined,
): UserFields {
  const fromUser = path !== undefined && USER_SENT_PATHS.has(path);
  const fields: UserFields = {};
  if (data.name !== undefined) {
    if (fromUser) fields.name = userName(data.name);
    else if (typeof data.name === 'string') fields.name = providerName(data.name);
  }
  if (data.image !== undefined && !isAcceptableImage(data.image)) {
    if (fromUser) {
      refuse(
        `The photo must be an http:// or https:// address of at most ${IMAGE_URL_MAX} characters, or null to remove it.`,
      );
    }
    fields.image = dropped;
  }
  return fields;
}

/** better-auth `databaseHooks` enforcing the rules above on every user create and update. */
export const userFieldHooks = {
  user: {
    create: {
      before: async (data: UserFields, context: { path?: string } | null) => ({
        data: { ...data, ...checkUserFields(data, context?.path, null) },
      }),
    },
    update: {
      before: async (data: UserFields, context: { path?: string } | null) => ({
        data: { ...data, ...checkUserFields(data, context?.path, undefined) },
      }),
    },
  },
};
