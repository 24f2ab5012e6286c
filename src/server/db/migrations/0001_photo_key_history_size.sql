ALTER TABLE "history" ADD COLUMN "size_bytes" integer GENERATED ALWAYS AS (octet_length(messages::text) + octet_length(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "photo_key" text;--> statement-breakpoint
-- Hand-written backfill: an upload URL held by exactly one account is that account's photo. A URL that
-- several accounts hold (one of them copied it through update-user) is given to none: a file left over
-- is better than another user's photo deleted.
UPDATE "user" AS u SET "photo_key" = substring(u."image" from 14)
WHERE u."image" ~ '^/api/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$'
  AND NOT EXISTS (SELECT 1 FROM "user" AS o WHERE o."image" = u."image" AND o."id" <> u."id");
