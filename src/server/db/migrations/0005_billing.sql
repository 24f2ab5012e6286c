-- Billing: the Stripe customer, subscription and period behind a paid plan, and the webhook events handled.
CREATE TABLE "billing_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "subscription_status" text;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "billing_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile" ADD CONSTRAINT "profile_stripeCustomerId_unique" UNIQUE("stripe_customer_id");