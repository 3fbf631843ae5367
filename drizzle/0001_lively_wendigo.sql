CREATE TABLE "collaborator_schedule_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collaborator_schedule_id" uuid NOT NULL,
	"day_of_week" integer NOT NULL,
	"start_hour" text NOT NULL,
	"end_hour" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collaborator_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"collaborator_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_available_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"day_of_week" integer NOT NULL,
	"start_hour" text NOT NULL,
	"end_hour" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value_cents" integer NOT NULL,
	"duration" integer NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"venue_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"duration_base" integer NOT NULL,
	"category_id" uuid,
	"collaborator_id" uuid,
	"place_id" text,
	"image_url" text,
	"availability_description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaborator_schedule_days" ADD CONSTRAINT "collaborator_schedule_days_collaborator_schedule_id_collaborator_schedules_id_fk" FOREIGN KEY ("collaborator_schedule_id") REFERENCES "public"."collaborator_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_schedules" ADD CONSTRAINT "collaborator_schedules_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_schedules" ADD CONSTRAINT "collaborator_schedules_collaborator_id_users_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_available_days" ADD CONSTRAINT "schedule_available_days_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_categories" ADD CONSTRAINT "schedule_categories_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_services" ADD CONSTRAINT "schedule_services_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_category_id_schedule_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."schedule_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_collaborator_id_users_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaborator_schedule_days_schedule_idx" ON "collaborator_schedule_days" USING btree ("collaborator_schedule_id");--> statement-breakpoint
CREATE INDEX "collaborator_schedules_venue_idx" ON "collaborator_schedules" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "schedule_available_days_schedule_idx" ON "schedule_available_days" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "schedule_categories_venue_idx" ON "schedule_categories" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "schedule_services_schedule_idx" ON "schedule_services" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "schedules_venue_idx" ON "schedules" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "schedules_collaborator_idx" ON "schedules" USING btree ("collaborator_id");