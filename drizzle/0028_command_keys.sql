CREATE TABLE "command_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"ref" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "command_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "command_keys_ref_idx" ON "command_keys" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "command_keys_expires_idx" ON "command_keys" USING btree ("expires_at");