import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredAnswerDetails } from '#shared/answer-details';
import type { DocumentCoverage } from '#shared/documents';
import type { JobMatchReport } from '#shared/job-match-report';

/*
 * One PostgreSQL schema for PGlite and PostgreSQL. Column names are snake_case in the database
 * (drizzle `casing: 'snake_case'`), camelCase here. The first four tables are better-auth's.
 */

export const user = pgTable('user', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /**
   * Storage key of the photo this user uploaded, the only file a new upload may delete. Written by the
   * server alone: better-auth writes only the fields it knows, so `update-user` cannot reach it.
   */
  photoKey: text(),
  /**
   * better-auth's admin plugin: 'admin' for the addresses in ADMIN_EMAILS (kept in step at start-up and
   * sign-up, admin/admin-roles.ts), 'user' otherwise.
   */
  role: text(),
  /** A disabled account (admin plugin): it cannot sign in, and its sessions and tokens were ended. */
  banned: boolean().default(false),
  banReason: text(),
  banExpires: timestamp({ withTimezone: true }),
  /**
   * The account's credential epoch (auth/credential-epochs.ts): every event that ends credentials (a
   * password reset or change, signing out everywhere, disabling) moves it on, and a credential made
   * under an earlier one (a session, an API key, a passkey, an invitation the account sent) is over.
   */
  credentialEpoch: integer().notNull().default(1),
  /**
   * When a password reset or disabling last ended the account's reset links: one made before then is over
   * (better-auth keeps them in Redis when there is one, where they cannot be listed and deleted).
   */
  resetLinksEndedAt: timestamp({ withTimezone: true }),
});

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
    /** The admin plugin's column; impersonation is not offered (its endpoints are not mounted). */
    impersonatedBy: text(),
    /**
     * The organization plugin's column: the team the session works in (null: the personal workspace).
     * Access tokens minted for the session carry it (auth/access-token.ts `org`).
     */
    activeOrganizationId: text(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The account's credential epoch the session was proven under (0: none, never valid). */
    credentialEpoch: integer().notNull().default(0),
    /** When the session last proved its owner again (POST /api/auth/reauthenticate): a fresh sign-in. */
    reauthenticatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.identifier)],
);

/**
 * Personal API keys (better-auth's api-key plugin, its `apikey` model): `key` is the SHA-256 of the key,
 * which is shown once; `start` its first characters, for the list. `reference_id` is the owning user.
 * The plugin's own rate limit is off (the per-user limits apply), so the counters stay at rest.
 */
export const apikey = pgTable(
  'apikey',
  {
    id: text().primaryKey(),
    configId: text().notNull().default('default'),
    name: text(),
    start: text(),
    referenceId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    prefix: text(),
    key: text().notNull(),
    refillInterval: integer(),
    refillAmount: integer(),
    lastRefillAt: timestamp({ withTimezone: true }),
    enabled: boolean().default(true),
    rateLimitEnabled: boolean().default(true),
    rateLimitTimeWindow: integer(),
    rateLimitMax: integer(),
    requestCount: integer().default(0),
    remaining: integer(),
    /** When the key was last used (the plugin writes it on each verification). */
    lastRequest: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    permissions: text(),
    metadata: text(),
    /** The credential epoch of the session that made the key (0 until stamped: never valid). */
    credentialEpoch: integer().notNull().default(0),
  },
  (t) => [index().on(t.key), index().on(t.referenceId), index().on(t.configId)],
);

/** Passkeys (better-auth's passkey plugin, its `passkey` model): a WebAuthn credential's public key. */
export const passkey = pgTable(
  'passkey',
  {
    id: text().primaryKey(),
    name: text(),
    publicKey: text().notNull(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text().notNull(),
    counter: integer().notNull(),
    deviceType: text().notNull(),
    backedUp: boolean().notNull(),
    transports: text(),
    createdAt: timestamp({ withTimezone: true }).defaultNow(),
    aaguid: text(),
    /** The credential epoch of the session that registered it (0 until stamped: never valid). */
    credentialEpoch: integer().notNull().default(0),
  },
  (t) => [index().on(t.userId), index().on(t.credentialID)],
);

/**
 * Teams (better-auth's organization plugin, ADR 0026): an organization, its members with a role
 * ('owner', 'admin' or 'member'), and invitations by e-mail. Written by better-auth's endpoints
 * (/api/auth/organization/*); read by the server's team routes (teams/).
 */
export const organization = pgTable('organization', {
  id: text().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  logo: text(),
  metadata: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const member = pgTable(
  'member',
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.organizationId, t.userId), index().on(t.userId)],
);

export const invitation = pgTable(
  'invitation',
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text(),
    teamId: text(),
    /** 'pending', 'accepted', 'rejected' or 'canceled'. */
    status: text().notNull().default('pending'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    inviterId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The credential epoch of the inviter's session that sent it (0 until stamped: never valid). */
    credentialEpoch: integer().notNull().default(0),
  },
  (t) => [index().on(t.organizationId), index().on(t.email)],
);

/**
 * A team's plan (docs/product.md §9), set by an administrator (PUT /api/admin/organizations/:id/plan)
 * or by a Stripe subscription with a seat per member (billing/):
 * while a member works in the team, an unlimited team plan is what counts their generations
 * (usage/usage-repository.ts). No row: the team has no plan, and its members' own plans apply.
 */
export const organizationPlan = pgTable('organization_plan', {
  organizationId: text()
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  subscription: text().notNull().default('free'),
  /** Members the plan is paid for (Stripe's quantity); null: as many as the team has. */
  seats: integer(),
  periodStart: timestamp({ withTimezone: true }),
  periodEnd: timestamp({ withTimezone: true }),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /* Billing (billing/, Stripe when configured), as on the profile: the team's customer and subscription. */
  stripeCustomerId: text().unique(),
  stripeSubscriptionId: text(),
  subscriptionStatus: text(),
  billingEventAt: timestamp({ withTimezone: true }),
});

/** The product profile (docs/product.md §3 User): created by POST /api/users, one per account. */
export const profile = pgTable('profile', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  subscription: text().notNull().default('free'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /*
   * Billing (billing/, Stripe when configured): the customer and subscription behind a paid plan, and
   * the period its generations are counted in. All null for plans an administrator assigned.
   */
  stripeCustomerId: text().unique(),
  stripeSubscriptionId: text(),
  /** Stripe's subscription status (active, trialing, past_due, canceled, …). */
  subscriptionStatus: text(),
  periodStart: timestamp({ withTimezone: true }),
  periodEnd: timestamp({ withTimezone: true }),
  /** The subscription was cancelled and ends (back to free) at `periodEnd`. */
  cancelAtPeriodEnd: boolean().notNull().default(false),
  /** When Stripe created the last subscription event applied here: an older one arriving late is ignored. */
  billingEventAt: timestamp({ withTimezone: true }),
});

/** Stripe webhook events already handled, by event id: a redelivered event has no second effect. */
export const billingEvent = pgTable('billing_event', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One message of a chat. Messages form a tree (history/chat-thread.ts): `id` and `parentId` are set on
 * every message written since follow-ups and versions exist; older chats' messages have neither and read
 * as one path in their order.
 */
/** PostgreSQL's full-text document type (only the database writes and reads it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The words a chat is found by (GET /api/history/search): its title (weight A) and every message's text
 * (weight B), English stemming, kept by the database itself. `chat_search_text` (migration 0008) joins
 * the messages' contents, at most 100,000 characters, so a huge chat can never fail its insert.
 */
export const CHAT_SEARCH_CONFIG = 'english';

export interface ChatMessage {
  id?: string;
  /** The message it follows (null: a first request; several first requests are versions of the chat). */
  parentId?: string | null;
  role: 'user' | 'assistant';
  content: string;
  /** An answer's ending: 'stopped' when the user stopped it part-way. */
  status?: 'complete' | 'stopped';
  /** ISO 8601. */
  createdAt?: string;
  /** A first request's form fields as the tool validated them: what Edit and Regenerate run again. */
  input?: Record<string, string>;
  /** A request made by a button rather than typed: its answer is made again the same way (Regenerate). */
  kind?: 'cover-letter';
  /** An answer's details (#shared/answer-details): a resume's check, an e-mail draft's headers. */
  details?: StoredAnswerDetails;
}

/** The uploaded document a chat was made from, kept in FileStorage under `key` and deleted with the chat. */
export interface ChatFileRecord {
  key: string;
  name: string;
  size: number;
  type: string;
}

/** A history chat (docs/product.md §3): one table for all the services, keyed by user and service. */
export const history = pgTable(
  'history',
  {
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    service: text().notNull(),
    title: text().notNull(),
    messages: jsonb().$type<ChatMessage[]>().notNull(),
    /** The message the chat's shown path ends with (history/chat-thread.ts); null: its newest branch. */
    currentMessageId: text(),
    /** 'complete', or 'stopped' when the user stopped the generation part-way. */
    status: text().notNull().default('complete'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The uploaded document (doc summarizer, resume assistant), or null. */
    file: jsonb().$type<ChatFileRecord>(),
    /** The resume assistant's job match report (src/shared/job-match.ts), or null. */
    matchReport: jsonb().$type<JobMatchReport>(),
    /** What was read of the chat's document (pages, scanned pages, tables…), or null for no document. */
    coverage: jsonb().$type<DocumentCoverage>(),
    /**
     * The team the chat is shared with (POST /api/history/:id/team-share), or null: private to its
     * author, also from the team's owner. Its members read it while they are members.
     */
    sharedOrganizationId: text().references(() => organization.id, { onDelete: 'set null' }),
    organizationSharedAt: timestamp({ withTimezone: true }),
    /**
     * The team-shared chat this one is a member's copy of (their follow-up went on here): one copy per
     * member and chat, so a refused follow-up asked again never makes another.
     */
    copiedFrom: uuid().references((): AnyPgColumn => history.id, { onDelete: 'set null' }),
    /**
     * The team the chat a copy was made from was shared with: the copy is the team's content, and goes
     * when its member leaves or is removed (teams/team-rules-plugin.ts).
     */
    copiedOrganizationId: text().references(() => organization.id, { onDelete: 'set null' }),
    /**
     * What the chat weighs against the per-user quota (UTF-8 bytes of title and messages, plus the
     * uploaded file's bytes), kept by the database itself.
     */
    sizeBytes: integer()
      .notNull()
      .generatedAlwaysAs(
        sql`octet_length(messages::text) + octet_length(title) + coalesce((file->>'size')::integer, 0)`,
      ),
    search: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, chat_search_text(messages)), 'B')`,
      ),
  },
  (t) => [
    index().on(t.userId, t.service, t.createdAt.desc(), t.id),
    index().on(t.userId, t.createdAt.desc(), t.id),
    index().using('gin', t.search),
    index().on(t.sharedOrganizationId, t.organizationSharedAt.desc()),
    uniqueIndex().on(t.userId, t.copiedFrom),
  ],
);

/**
 * The text of a chat's document in parts of a few hundred words, each within one page (history/
 * document-parts.ts), written once when the chat is saved: what a follow-up's question is matched
 * against (full-text ranking, `search`), and what a citation's side panel shows. `page` is null for a
 * document without page numbers; its parts are cited by `part`. Deleted with the chat.
 */
export const documentPart = pgTable(
  'document_part',
  {
    historyId: uuid()
      .notNull()
      .references(() => history.id, { onDelete: 'cascade' }),
    /** 1-based, in the document's order. */
    part: integer().notNull(),
    page: integer(),
    text: text().notNull(),
    search: tsvector().notNull().generatedAlwaysAs(sql`to_tsvector('english'::regconfig, text)`),
  },
  (t) => [primaryKey({ columns: [t.historyId, t.part] })],
);

/**
 * A chat's public read-only link (`/share/<token>`): one per chat, an unguessable token. Revoking
 * deletes the row; deleting the chat (or its owner) deletes it too, so the link dies at once.
 */
export const chatShare = pgTable('chat_share', {
  token: text().primaryKey(),
  historyId: uuid()
    .notNull()
    .unique()
    .references(() => history.id, { onDelete: 'cascade' }),
  userId: text()
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * AI generations counted against a user's plan (docs/product.md §9), one row per generation id, kept
 * apart from the chats so that deleting history never gives generations back. A row is 'reserved'
 * before the model is called and becomes 'used' when the generation succeeds; a failed one is deleted.
 */
export const generationUsage = pgTable(
  'generation_usage',
  {
    id: uuid().primaryKey().default(sql`gen_random_uuid()`),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    generationId: text().notNull().unique(),
    /** The tool's slug. */
    tool: text().notNull(),
    /** 'reserved' while the generation runs, 'used' once it counted. */
    status: text().notNull().default('reserved'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The team whose plan counted it (the member worked in the team's workspace), or null: the user's
     * own plan counted it. No foreign key: a deleted team's generations must not start counting
     * against its former members' own plans.
     */
    organizationId: text(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.organizationId, t.createdAt)],
);
