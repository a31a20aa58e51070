-- New submissions are counted once per statement, not once per row: an import of 1,000 submissions
-- adds its rows to each count table in one grouped upsert (and the per-code month counts follow
-- once), where the per-row triggers ran three upserts, a code lookup and the month trigger for
-- each. Updates and deletes keep their per-row triggers (an UPDATE OF a column list cannot see its
-- rows as a table).
DROP TRIGGER submissions_counts ON submissions;
--> statement-breakpoint
CREATE TRIGGER submissions_counts AFTER UPDATE OR DELETE ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_count_trigger();
--> statement-breakpoint
DROP TRIGGER submissions_complaint_counts ON submissions;
--> statement-breakpoint
CREATE TRIGGER submissions_complaint_counts AFTER UPDATE OF form_id, become_aware_date, product, submission_status ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_complaint_counts_trigger();
--> statement-breakpoint
-- The rows one statement inserted, counted as the row triggers count one: every submission by its
-- become-aware day and status; every complaint (not Denied) once per product, and once under each of
-- its codes ('' when it has none).
CREATE OR REPLACE FUNCTION submissions_inserted_counts_trigger() RETURNS trigger AS $$
BEGIN
  INSERT INTO submission_day_counts AS c (form_id, become_aware_date, submission_status, n)
    SELECT form_id, become_aware_date, submission_status, count(*)::integer FROM added GROUP BY 1, 2, 3
    ON CONFLICT (form_id, become_aware_date, submission_status) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO complaint_day_counts AS c (form_id, day, product, n)
    SELECT form_id, become_aware_date, coalesce(product, ''), count(*)::integer FROM added
     WHERE submission_status IS DISTINCT FROM 'Denied' GROUP BY 1, 2, 3
    ON CONFLICT (form_id, day, product) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO complaint_code_day_counts AS c (form_id, day, product, code, n)
    SELECT a.form_id, a.become_aware_date, coalesce(a.product, ''), coalesce(sc.code, ''), count(*)::integer
      FROM added a LEFT JOIN submission_codes sc ON sc.submission_id = a.id
     WHERE a.submission_status IS DISTINCT FROM 'Denied' GROUP BY 1, 2, 3, 4
    ON CONFLICT (form_id, day, product, code) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER submissions_inserted_counts AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION submissions_inserted_counts_trigger();
