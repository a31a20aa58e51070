CREATE TABLE "complaint_month_counts" (
	"form_id" text NOT NULL,
	"month" date NOT NULL,
	"product" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "complaint_month_counts_form_id_month_product_pk" PRIMARY KEY("form_id","month","product")
);
--> statement-breakpoint
-- The per-product counts by month follow the per-day table as the per-code ones do (0028): each
-- statement that writes it adds its rows' changes, summed by month, in one upsert.
CREATE OR REPLACE FUNCTION complaint_month_counts_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO complaint_month_counts AS c (form_id, month, product, n)
      SELECT form_id, date_trunc('month', day)::date, product, sum(n)::integer FROM added GROUP BY 1, 2, 3 HAVING sum(n) <> 0
      ON CONFLICT (form_id, month, product) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO complaint_month_counts AS c (form_id, month, product, n)
      SELECT form_id, date_trunc('month', day)::date, product, sum(n)::integer
      FROM (SELECT form_id, day, product, n FROM added UNION ALL SELECT form_id, day, product, -n FROM removed) d
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0
      ON CONFLICT (form_id, month, product) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO complaint_month_counts AS c (form_id, month, product, n)
      SELECT form_id, date_trunc('month', day)::date, product, -sum(n)::integer FROM removed GROUP BY 1, 2, 3 HAVING sum(n) <> 0
      ON CONFLICT (form_id, month, product) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER complaint_month_counts_insert AFTER INSERT ON complaint_day_counts
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION complaint_month_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER complaint_month_counts_update AFTER UPDATE ON complaint_day_counts
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION complaint_month_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER complaint_month_counts_delete AFTER DELETE ON complaint_day_counts
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION complaint_month_counts_trigger();
--> statement-breakpoint
-- The months of the counts already stored.
INSERT INTO complaint_month_counts (form_id, month, product, n)
  SELECT form_id, date_trunc('month', day)::date, product, sum(n)::integer FROM complaint_day_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0;
