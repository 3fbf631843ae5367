CREATE TABLE "marketplace_poll_leases" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
