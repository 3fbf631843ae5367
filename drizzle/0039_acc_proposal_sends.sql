ALTER TABLE "acc_proposals" ALTER COLUMN "proposal_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "acc_proposals" ADD COLUMN "send_state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "acc_proposals" ADD COLUMN "submission_id" uuid;--> statement-breakpoint
ALTER TABLE "acc_proposals" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "acc_proposals" ADD CONSTRAINT "acc_proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acc_proposals_submission_idx" ON "acc_proposals" USING btree ("submission_id");