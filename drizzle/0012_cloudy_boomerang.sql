DROP INDEX "customers_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_name" gin_trgm_ops) WITH (fastupdate=false);