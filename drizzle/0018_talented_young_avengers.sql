CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ifood_events" (
	"id" text PRIMARY KEY NOT NULL,
	"venue_id" uuid NOT NULL,
	"merchant_id" text NOT NULL,
	"ifood_order_id" text,
	"code" text NOT NULL,
	"full_code" text DEFAULT '' NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "ifood_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"venue_id" uuid NOT NULL,
	"ifood_order_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"display_id" text NOT NULL,
	"order_type" text NOT NULL,
	"delivered_by" text,
	"sandbox" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ifood_events" ADD CONSTRAINT "ifood_events_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ifood_orders" ADD CONSTRAINT "ifood_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ifood_orders" ADD CONSTRAINT "ifood_orders_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_key_idx" ON "jobs" USING btree ("name","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE state in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "ifood_events_pending_idx" ON "ifood_events" USING btree ("venue_id","created_at") WHERE handled_at is null;--> statement-breakpoint
CREATE INDEX "ifood_events_unacked_idx" ON "ifood_events" USING btree ("venue_id") WHERE acknowledged_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ifood_orders_ifood_idx" ON "ifood_orders" USING btree ("venue_id","ifood_order_id");