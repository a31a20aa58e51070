CREATE TABLE "complaint_code_month_counts" (
	"form_id" text NOT NULL,
	"month" date NOT NULL,
	"product" text NOT NULL,
	"code" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "complaint_code_month_counts_form_id_month_product_code_pk" PRIMARY KEY("form_id","month","product","code")
);
--> statement-breakpoint
-- The per-code counts by month follow the per-day table: each statement that writes it adds its
-- rows' changes, summed by month, in one upsert.
CREATE OR REPLACE FUNCTION complaint_code_month_counts_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO complaint_code_month_counts AS c (form_id, month, product, code, n)
      SELECT form_id, date_trunc('month', day)::date, product, code, sum(n)::integer FROM added GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
      ON CONFLICT (form_id, month, product, code) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO complaint_code_month_counts AS c (form_id, month, product, code, n)
      SELECT form_id, date_trunc('month', day)::date, product, code, sum(n)::integer
      FROM (SELECT form_id, day, product, code, n FROM added UNION ALL SELECT form_id, day, product, code, -n FROM removed) d
      GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
      ON CONFLICT (form_id, month, product, code) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO complaint_code_month_counts AS c (form_id, month, product, code, n)
      SELECT form_id, date_trunc('month', day)::date, product, code, -sum(n)::integer FROM removed GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
      ON CONFLICT (form_id, month, product, code) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER complaint_code_month_counts_insert AFTER INSERT ON complaint_code_day_counts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION complaint_code_month_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER complaint_code_month_counts_update AFTER UPDATE ON complaint_code_day_counts
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION complaint_code_month_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER complaint_code_month_counts_delete AFTER DELETE ON complaint_code_day_counts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION complaint_code_month_counts_trigger();
--> statement-breakpoint
-- The months of the counts already stored.
INSERT INTO complaint_code_month_counts (form_id, month, product, code, n)
  SELECT form_id, date_trunc('month', day)::date, product, code, sum(n)::integer FROM complaint_code_day_counts GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0;
