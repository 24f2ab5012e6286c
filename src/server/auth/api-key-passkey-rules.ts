import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MAX } from '#shared/auth-schemas';
import {
  API_KEY_EXPIRY_DAYS_MAX,
  API_KEY_EXPIRY_DAYS_MIN,
  apiKeyNameSchema,
  passkeyNameSchema,
} from '#shared/credential-schemas';
import { bodyObject, firstIssue } from './auth-body-rules.ts';

/**
 * Body rules for the api-key and passkey plugins' endpoints (auth-endpoint-policies.ts).
 *
 * API keys: a name and an expiry, nothing else the plugin would take from a client (a prefix of the
 * client's own would hide the key from authenticate.ts, which knows keys by theirs). The plugin checks
 * ownership and the rest.
 */
const DAY_SECONDS = 24 * 60 * 60;

const expiresIn = z
  .number('The expiry is a number of seconds.')
  .int('The expiry is a whole number of seconds.')
  .min(API_KEY_EXPIRY_DAYS_MIN * DAY_SECONDS, 'A key lasts at least a day.')
  .max(API_KEY_EXPIRY_DAYS_MAX * DAY_SECONDS, 'A key lasts at most a year.')
  .nullable()
  .optional();

const keyId = z.string('Choose a key.').min(1, 'Choose a key.').max(200);

export const createKeyBody = z.object({ name: apiKeyNameSchema, expiresIn });
export const updateKeyBody = z.object({
  keyId,
  name: apiKeyNameSchema.optional(),
  enabled: z.boolean().optional(),
});
export const deleteKeyBody = z.object({ keyId });

/*
 * Passkeys: what the plugin's endpoints take from a signed-in user: the browser's WebAuthn response (the
 * plugin verifies it) and a name. Registration never creates a session here (`createSession` is
 * dropped): a passkey is added to the account that is signed in.
 */
const webAuthnResponse = z.record(z.string(), z.unknown(), 'The passkey response is missing.');
const passkeyId = z.string('Choose a passkey.').min(1, 'Choose a passkey.').max(200);

export const verifyRegistrationBody = z.object({
  response: webAuthnResponse,
  name: passkeyNameSchema.optional(),
});
export const verifyAuthenticationBody = z.object({ response: webAuthnResponse });
export const updatePasskeyBody = z.object({ id: passkeyId, name: passkeyNameSchema });
export const deletePasskeyBody = z.object({ id: passkeyId });

function validateWith(schema: z.ZodType<object>) {
  return (request: FastifyRequest): void => {
    const parsed = schema.safeParse(bodyObject(request));
    if (!parsed.success) throw firstIssue(parsed.error);
    request.body = parsed.data;
  };
}

/** POST /api-key/create {name, expiresIn?}: expiresIn in seconds, 1 to 365 days, or none. */
export const validateCreateApiKey = validateWith(createKeyBody);
/** POST /api-key/update {keyId, name?, enabled?} */
export const validateUpdateApiKey = validateWith(updateKeyBody);
/** POST /api-key/delete {keyId} */
export const validateDeleteApiKey = validateWith(deleteKeyBody);

/** The owner proves it again (credential-plugin.ts): the password, or a passkey's WebAuthn answer. */
export const reauthenticateBody = z
  .strictObject({
    password: z.string('Enter your password.').min(1, 'Enter your password.').max(PASSWORD_MAX).optional(),
    response: webAuthnResponse.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.response === undefined), {
    message: 'Enter your password, or use a passkey.',
  });

/** POST /reauthenticate {password} | {response} */
export const validateReauthenticate = validateWith(reauthenticateBody);

/** POST /passkey/verify-registration {response, name?} */
export const validateVerifyPasskeyRegistration = validateWith(verifyRegistrationBody);
/** POST /passkey/verify-authentication {response} */
export const validateVerifyPasskeyAuthentication = validateWith(verifyAuthenticationBody);
/** POST /passkey/update-passkey {id, name} */
export const validateUpdatePasskey = validateWith(updatePasskeyBody);
/** POST /passkey/delete-passkey {id} */
export const validateDeletePasskey = validateWith(deletePasskeyBody);
