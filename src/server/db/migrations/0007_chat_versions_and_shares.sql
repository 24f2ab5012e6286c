CREATE TABLE "chat_share" (
	"token" text PRIMARY KEY NOT NULL,
	"history_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_share_historyId_unique" UNIQUE("history_id")
);
--> statement-breakpoint
ALTER TABLE "history" ADD COLUMN "current_message_id" text;--> statement-breakpoint
ALTER TABLE "chat_share" ADD CONSTRAINT "chat_share_history_id_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_share" ADD CONSTRAINT "chat_share_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;