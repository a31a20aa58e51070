DROP INDEX "field_mappings_guid_idx";--> statement-breakpoint
-- Two creates at once could store two mappings of one Arena field; the first one made is kept.
DELETE FROM "field_mappings" f USING "field_mappings" e
  WHERE f."arena_field_guid" = e."arena_field_guid" AND (e."created_at", e."id") < (f."created_at", f."id");--> statement-breakpoint
CREATE UNIQUE INDEX "field_mappings_guid_unique" ON "field_mappings" USING btree ("arena_field_guid");
