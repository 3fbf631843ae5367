ALTER TABLE "kds_settings" ADD COLUMN "prep_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "kds_settings" ADD COLUMN "default_station" text DEFAULT 'Cozinha' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prep_minutes" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "prep_minutes" integer;