ALTER TABLE "finance_transfers" ALTER COLUMN "protocol" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_transfers" ADD COLUMN "status" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_transfers" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "finance_transfers" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "finance_transfers" ADD CONSTRAINT "finance_transfers_status_ck" CHECK ("finance_transfers"."status" in ('pending', 'checking', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "finance_transfers" ADD CONSTRAINT "finance_transfers_sent_protocol_ck" CHECK ("finance_transfers"."status" <> 'sent' or "finance_transfers"."protocol" is not null);