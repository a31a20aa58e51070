CREATE TABLE "submission_day_counts" (
	"form_id" text NOT NULL,
	"become_aware_date" date NOT NULL,
	"submission_status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "submission_day_counts_form_id_become_aware_date_submission_status_pk" PRIMARY KEY("form_id","become_aware_date","submission_status")
);
--> statement-breakpoint
DROP INDEX "submissions_ch_number_idx";--> statement-breakpoint
CREATE INDEX "submissions_form_submitter_idx" ON "submissions" USING btree ("form_id","submitter","id");--> statement-breakpoint
CREATE INDEX "submissions_form_status_idx" ON "submissions" USING btree ("form_id","submission_status","id");--> statement-breakpoint
CREATE INDEX "submissions_form_deadline_idx" ON "submissions" USING btree ("form_id","investigation_deadline","id");--> statement-breakpoint
CREATE INDEX "submissions_form_reportable_idx" ON "submissions" USING btree ("form_id","reportable","id");--> statement-breakpoint
CREATE INDEX "submissions_form_ch_number_idx" ON "submissions" USING btree ("form_id","ch_number","id");--> statement-breakpoint
CREATE INDEX "submissions_form_ch_title_idx" ON "submissions" USING btree ("form_id","ch_title","id");--> statement-breakpoint
CREATE INDEX "submissions_form_followup_idx" ON "submissions" USING btree ("form_id","followup","id");--> statement-breakpoint
CREATE INDEX "submissions_form_delivered_idx" ON "submissions" USING btree ("form_id","email_delivered","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION submission_day_counts_apply(f text, d date, s text, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO submission_day_counts AS c (form_id, become_aware_date, submission_status, n) VALUES (f, d, s, delta)
  ON CONFLICT (form_id, become_aware_date, submission_status) DO UPDATE SET n = c.n + EXCLUDED.n;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION submissions_count_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM submission_day_counts_apply(NEW.form_id, NEW.become_aware_date, NEW.submission_status, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM submission_day_counts_apply(OLD.form_id, OLD.become_aware_date, OLD.submission_status, -1);
  ELSIF (OLD.form_id, OLD.become_aware_date, OLD.submission_status) IS DISTINCT FROM (NEW.form_id, NEW.become_aware_date, NEW.submission_status) THEN
    PERFORM submission_day_counts_apply(OLD.form_id, OLD.become_aware_date, OLD.submission_status, -1);
    PERFORM submission_day_counts_apply(NEW.form_id, NEW.become_aware_date, NEW.submission_status, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER submissions_counts AFTER INSERT OR UPDATE OR DELETE ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_count_trigger();
--> statement-breakpoint
-- Counts for rows that existed before the trigger.
INSERT INTO submission_day_counts (form_id, become_aware_date, submission_status, n)
  SELECT form_id, become_aware_date, submission_status, count(*)::integer FROM submissions GROUP BY 1, 2, 3
  ON CONFLICT (form_id, become_aware_date, submission_status) DO UPDATE SET n = EXCLUDED.n;
