-- The trend's totals and products read the per-day product counts again (decision 062): the
-- monthly product table of 0030 goes, with the triggers that kept it.
DROP TRIGGER IF EXISTS complaint_month_counts_insert ON complaint_day_counts;
--> statement-breakpoint
DROP TRIGGER IF EXISTS complaint_month_counts_update ON complaint_day_counts;
--> statement-breakpoint
DROP TRIGGER IF EXISTS complaint_month_counts_delete ON complaint_day_counts;
--> statement-breakpoint
DROP FUNCTION IF EXISTS complaint_month_counts_trigger();
--> statement-breakpoint
DROP TABLE "complaint_month_counts" CASCADE;
