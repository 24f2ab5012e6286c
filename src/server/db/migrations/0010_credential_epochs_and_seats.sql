ALTER TABLE "apikey" ADD COLUMN "credential_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "copied_organization_id" text;--> statement-breakpoint
ALTER TABLE "invitation" ADD COLUMN "credential_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey" ADD COLUMN "credential_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "credential_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "credential_epoch" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "reset_links_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "history" ADD CONSTRAINT "history_copied_organization_id_organization_id_fk" FOREIGN KEY ("copied_organization_id") REFERENCES "public"."organization"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every credential that exists now was made under the first epoch (auth/credential-epochs.ts).
UPDATE "session" SET "credential_epoch" = 1;--> statement-breakpoint
UPDATE "apikey" SET "credential_epoch" = 1;--> statement-breakpoint
UPDATE "passkey" SET "credential_epoch" = 1;--> statement-breakpoint
UPDATE "invitation" SET "credential_epoch" = 1;--> statement-breakpoint
-- A member's copy of a team chat belongs to the team the chat was shared with.
UPDATE "history" AS "copy" SET "copied_organization_id" = "source"."shared_organization_id"
  FROM "history" AS "source" WHERE "copy"."copied_from" = "source"."id";--> statement-breakpoint
-- The members a team may have (teams/team-seats.ts): the seats a live Stripe subscription pays for,
-- else 100. The one place this rule is written: the trigger below and the server both ask it.
CREATE OR REPLACE FUNCTION team_seat_limit(org text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT "seats" FROM "organization_plan"
      WHERE "organization_id" = org
        AND "stripe_subscription_id" IS NOT NULL
        AND "seats" IS NOT NULL
        AND "subscription_status" IN ('active', 'trialing', 'past_due')),
    100)
$$;--> statement-breakpoint
-- Seats hold whatever the concurrency or the path a member joins by: members join a team one at a time
-- (the team's row lock), and one past its seats is refused with the constraint name `member_seats`.
CREATE OR REPLACE FUNCTION member_within_seats() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "organization" WHERE "id" = NEW."organization_id" FOR NO KEY UPDATE;
  IF (SELECT count(*) FROM "member" WHERE "organization_id" = NEW."organization_id")
      >= team_seat_limit(NEW."organization_id") THEN
    RAISE EXCEPTION 'The team has no free seat.'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'member_seats';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "member_seats" BEFORE INSERT ON "member"
  FOR EACH ROW EXECUTE FUNCTION member_within_seats();
