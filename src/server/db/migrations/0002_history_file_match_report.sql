ALTER TABLE "history" ADD COLUMN "file" jsonb;--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "match_report" jsonb;--> statement-breakpoint
-- Reordered by hand: the size now counts the uploaded file, so it is recomputed after "file" exists.
ALTER TABLE "history" DROP COLUMN "size_bytes";--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "size_bytes" integer GENERATED ALWAYS AS (octet_length(messages::text) + octet_length(title) + coalesce((file->>'size')::integer, 0)) STORED NOT NULL;
