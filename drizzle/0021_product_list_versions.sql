CREATE TABLE "product_list_versions" (
	"venue_id" uuid PRIMARY KEY NOT NULL,
	"version" uuid NOT NULL
);
