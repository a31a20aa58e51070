CREATE TABLE "complaint_code_day_counts" (
	"form_id" text NOT NULL,
	"day" date NOT NULL,
	"product" text NOT NULL,
	"code" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "complaint_code_day_counts_form_id_day_product_code_pk" PRIMARY KEY("form_id","day","product","code")
);
--> statement-breakpoint
CREATE TABLE "complaint_day_counts" (
	"form_id" text NOT NULL,
	"day" date NOT NULL,
	"product" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "complaint_day_counts_form_id_day_product_pk" PRIMARY KEY("form_id","day","product")
);
--> statement-breakpoint
CREATE TABLE "signal_rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"product" text NOT NULL,
	"code" text,
	"window_days" integer,
	"count" integer,
	"factor" numeric(6, 2),
	"min_count" integer,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trend_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" bigint NOT NULL,
	"rule" jsonb NOT NULL,
	"form_id" text NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"fired_on" date NOT NULL,
	"count" integer NOT NULL,
	"threshold" integer NOT NULL,
	"mean" numeric(12, 2),
	"window_from" date NOT NULL,
	"window_to" date NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trend_signals" ADD CONSTRAINT "trend_signals_rule_id_signal_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."signal_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_code_day_counts_code_idx" ON "complaint_code_day_counts" USING btree ("form_id","code","day");--> statement-breakpoint
CREATE UNIQUE INDEX "trend_signals_one_holding" ON "trend_signals" USING btree ("rule_id") WHERE "trend_signals"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "trend_signals_fired_idx" ON "trend_signals" USING btree ("form_id","fired_on");--> statement-breakpoint
CREATE OR REPLACE FUNCTION complaint_counts_apply(p_form text, p_day date, p_product text, p_code text, p_delta integer) RETURNS void AS $$
BEGIN
  IF p_code IS NULL THEN
    INSERT INTO complaint_day_counts AS c (form_id, day, product, n) VALUES (p_form, p_day, p_product, p_delta)
    ON CONFLICT (form_id, day, product) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO complaint_code_day_counts AS c (form_id, day, product, code, n) VALUES (p_form, p_day, p_product, p_code, p_delta)
    ON CONFLICT (form_id, day, product, code) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- One complaint counted in (delta 1) or out (-1): once per product, and once under each of its codes
-- ('' when it has none). Denied submissions are not complaints and count nowhere.
CREATE OR REPLACE FUNCTION complaint_counts_row(s submissions, delta integer) RETURNS void AS $$
DECLARE
  k text;
  coded boolean := false;
BEGIN
  IF s.submission_status = 'Denied' THEN RETURN; END IF;
  PERFORM complaint_counts_apply(s.form_id, s.become_aware_date, coalesce(s.product, ''), NULL, delta);
  FOR k IN SELECT sc.code FROM submission_codes sc WHERE sc.submission_id = s.id LOOP
    coded := true;
    PERFORM complaint_counts_apply(s.form_id, s.become_aware_date, coalesce(s.product, ''), k, delta);
  END LOOP;
  IF NOT coded THEN PERFORM complaint_counts_apply(s.form_id, s.become_aware_date, coalesce(s.product, ''), '', delta); END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION submissions_complaint_counts_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM complaint_counts_row(NEW, 1);
  ELSIF TG_OP = 'DELETE' THEN
    -- BEFORE DELETE: the complaint's codes are still there (their rows go with it afterwards).
    PERFORM complaint_counts_row(OLD, -1);
    RETURN OLD;
  ELSIF (OLD.form_id, OLD.become_aware_date, OLD.product, OLD.submission_status = 'Denied') IS DISTINCT FROM (NEW.form_id, NEW.become_aware_date, NEW.product, NEW.submission_status = 'Denied') THEN
    PERFORM complaint_counts_row(OLD, -1);
    PERFORM complaint_counts_row(NEW, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER submissions_complaint_counts AFTER INSERT OR UPDATE OF form_id, become_aware_date, product, submission_status ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_complaint_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER submissions_complaint_counts_delete BEFORE DELETE ON submissions
  FOR EACH ROW EXECUTE FUNCTION submissions_complaint_counts_trigger();
--> statement-breakpoint
-- A statement changing a complaint's codes, with the rows it added and removed: each complaint it
-- touched is counted out under the codes it had before and in under those it has now ('' for none).
CREATE OR REPLACE FUNCTION submission_codes_counts_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH touched AS (
      SELECT submission_id FROM added UNION SELECT submission_id FROM (SELECT NULL::text AS submission_id, NULL::text AS code WHERE false) AS none_removed
    ), s AS (
      SELECT sub.id, sub.form_id, sub.become_aware_date AS d, coalesce(sub.product, '') AS p
      FROM submissions sub JOIN touched t ON t.submission_id = sub.id
      WHERE sub.submission_status <> 'Denied'
    ), now_codes AS (
      SELECT sc.submission_id, sc.code FROM submission_codes sc JOIN s ON s.id = sc.submission_id
    ), before_codes AS (
      (SELECT submission_id, code FROM now_codes EXCEPT SELECT submission_id, code FROM added)
      UNION SELECT submission_id, code FROM (SELECT NULL::text AS submission_id, NULL::text AS code WHERE false) AS none_removed
    ), deltas AS (
      SELECT s.form_id, s.d, s.p, coalesce(n.code, '') AS code, 1 AS delta FROM s LEFT JOIN now_codes n ON n.submission_id = s.id
      UNION ALL
      SELECT s.form_id, s.d, s.p, coalesce(b.code, '') AS code, -1 AS delta FROM s LEFT JOIN before_codes b ON b.submission_id = s.id
    )
    INSERT INTO complaint_code_day_counts AS c (form_id, day, product, code, n)
      SELECT form_id, d, p, code, sum(delta)::integer FROM deltas GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
      ON CONFLICT (form_id, day, product, code) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH touched AS (
      SELECT submission_id FROM (SELECT NULL::text AS submission_id, NULL::text AS code WHERE false) AS none_added UNION SELECT submission_id FROM removed
    ), s AS (
      SELECT sub.id, sub.form_id, sub.become_aware_date AS d, coalesce(sub.product, '') AS p
      FROM submissions sub JOIN touched t ON t.submission_id = sub.id
      WHERE sub.submission_status <> 'Denied'
    ), now_codes AS (
      SELECT sc.submission_id, sc.code FROM submission_codes sc JOIN s ON s.id = sc.submission_id
    ), before_codes AS (
      (SELECT submission_id, code FROM now_codes EXCEPT SELECT submission_id, code FROM (SELECT NULL::text AS submission_id, NULL::text AS code WHERE false) AS none_added)
      UNION SELECT submission_id, code FROM removed
    ), deltas AS (
      SELECT s.form_id, s.d, s.p, coalesce(n.code, '') AS code, 1 AS delta FROM s LEFT JOIN now_codes n ON n.submission_id = s.id
      UNION ALL
      SELECT s.form_id, s.d, s.p, coalesce(b.code, '') AS code, -1 AS delta FROM s LEFT JOIN before_codes b ON b.submission_id = s.id
    )
    INSERT INTO complaint_code_day_counts AS c (form_id, day, product, code, n)
      SELECT form_id, d, p, code, sum(delta)::integer FROM deltas GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
      ON CONFLICT (form_id, day, product, code) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    WITH touched AS (
      SELECT submission_id FROM added UNION SELECT submission_id FROM removed
    ), s AS (
      SELECT sub.id, sub.form_id, sub.become_aware_date AS d, coalesce(sub.product, '') AS p
      FROM submissions sub JOIN touched t ON t.submission_id = sub.id
      WHERE sub.submission_status <> 'Denied'
    ), now_codes AS (
      SELECT sc.submission_id, sc.code FROM submission_codes sc JOIN s ON s.id = sc.submission_id
    ), before_codes AS (
      (SELECT submission_id, code FROM now_codes EXCEPT SELECT submission_id, code FROM added)
      UNION SELECT submission_id, code FROM removed
    ), deltas AS (
      SELECT s.form_id, s.d, s.p, coalesce(n.code, '') AS code, 1 AS delta FROM s LEFT JOIN now_codes n ON n.submission_id = s.id
      UNION ALL
      SELECT s.form_id, s.d, s.p, coalesce(b.code, '') AS code, -1 AS delta FROM s LEFT JOIN before_codes b ON b.submission_id = s.id
    )
    INSERT INTO complaint_code_day_counts AS c (form_id, day, product, code, n)
      SELECT form_id, d, p, code, sum(delta)::integer FROM deltas GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
      ON CONFLICT (form_id, day, product, code) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER submission_codes_counts_insert AFTER INSERT ON submission_codes
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION submission_codes_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER submission_codes_counts_delete AFTER DELETE ON submission_codes
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION submission_codes_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER submission_codes_counts_update AFTER UPDATE ON submission_codes
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION submission_codes_counts_trigger();
--> statement-breakpoint
-- Counts of the complaints stored before the triggers.
INSERT INTO complaint_day_counts (form_id, day, product, n)
  SELECT form_id, become_aware_date, coalesce(product, ''), count(*)::integer FROM submissions
  WHERE submission_status <> 'Denied' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO complaint_code_day_counts (form_id, day, product, code, n)
  SELECT s.form_id, s.become_aware_date, coalesce(s.product, ''), coalesce(c.code, ''), count(*)::integer
  FROM submissions s LEFT JOIN submission_codes c ON c.submission_id = s.id
  WHERE s.submission_status <> 'Denied' GROUP BY 1, 2, 3, 4;
