CREATE TABLE "document_part" (
	"history_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"page" integer,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, text)) STORED NOT NULL,
	CONSTRAINT "document_part_history_id_part_pk" PRIMARY KEY("history_id","part")
);
--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "coverage" jsonb;--> statement-breakpoint
ALTER TABLE "document_part" ADD CONSTRAINT "document_part_history_id_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."history"("id") ON DELETE cascade ON UPDATE no action;