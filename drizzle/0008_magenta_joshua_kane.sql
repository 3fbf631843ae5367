CREATE TABLE "acc_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid,
	"action" text NOT NULL,
	"description" text NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid,
	"portal_name" text NOT NULL,
	"serial_number" text NOT NULL,
	"patrimony" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid,
	"portal_name" text NOT NULL,
	"document" text NOT NULL,
	"acquirer_type" integer NOT NULL,
	"accreditation_date" timestamp with time zone NOT NULL,
	"last_transaction_date" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_idempotency" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "acc_idempotency_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "acc_maintenance" (
	"id" integer PRIMARY KEY NOT NULL,
	"is_running" boolean NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stopped_by" uuid
);
--> statement-breakpoint
CREATE TABLE "acc_merchants" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"full_name" text NOT NULL,
	"paystore_merchant_id" text DEFAULT '' NOT NULL,
	"paystore_mid_number" text DEFAULT '' NOT NULL,
	"is_meep_transactional" boolean DEFAULT false NOT NULL,
	"mcc" text,
	"telephone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"uf" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'BR' NOT NULL,
	"is_feature_flag" boolean DEFAULT false NOT NULL,
	"is_totem_sub" boolean DEFAULT false NOT NULL,
	"is_pos_sub" boolean DEFAULT false NOT NULL,
	"credential_status" integer,
	"event_credential" text,
	"linked_local_name" text,
	"contact" jsonb,
	"department" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid,
	"portal_name" text NOT NULL,
	"document" text NOT NULL,
	"acquirer_type" integer NOT NULL,
	"acquirer_id" integer NOT NULL,
	"proposal_id" text NOT NULL,
	"accreditation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_transaction_date" timestamp with time zone,
	"mcc" text,
	"approved_at" timestamp with time zone,
	"status" integer DEFAULT 0 NOT NULL,
	"message" text,
	"is_active" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acc_terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"tid" text NOT NULL,
	"status" text NOT NULL,
	"serial_number" text NOT NULL,
	"mp_name" text NOT NULL,
	"portal" text NOT NULL,
	"patrimony" text NOT NULL,
	"inconsistency" boolean DEFAULT false NOT NULL,
	"linked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acc_audit" ADD CONSTRAINT "acc_audit_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_audit" ADD CONSTRAINT "acc_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_bindings" ADD CONSTRAINT "acc_bindings_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_credentials" ADD CONSTRAINT "acc_credentials_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_idempotency" ADD CONSTRAINT "acc_idempotency_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_maintenance" ADD CONSTRAINT "acc_maintenance_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_merchants" ADD CONSTRAINT "acc_merchants_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_proposals" ADD CONSTRAINT "acc_proposals_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acc_terminals" ADD CONSTRAINT "acc_terminals_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acc_audit_venue_idx" ON "acc_audit" USING btree ("venue_id","created_at");--> statement-breakpoint
CREATE INDEX "acc_bindings_created_idx" ON "acc_bindings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "acc_credentials_date_idx" ON "acc_credentials" USING btree ("accreditation_date");--> statement-breakpoint
CREATE INDEX "acc_proposals_venue_idx" ON "acc_proposals" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "acc_proposals_date_idx" ON "acc_proposals" USING btree ("accreditation_date");--> statement-breakpoint
CREATE INDEX "acc_terminals_venue_idx" ON "acc_terminals" USING btree ("venue_id","name");