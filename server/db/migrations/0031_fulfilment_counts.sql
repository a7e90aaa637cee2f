CREATE TABLE "pre_invoice_status_counts" (
	"status" integer PRIMARY KEY NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
-- Kept in the transaction that writes the order. Of two rows a move changes, the lower status
-- is written first, so two moves at once take their locks in the same order (no deadlock).
CREATE FUNCTION "pre_invoice_status_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO "pre_invoice_status_counts" ("status", "total")
    SELECT "status", "delta" FROM (
      SELECT OLD.status AS "status", -1 AS "delta" WHERE TG_OP IN ('UPDATE', 'DELETE')
      UNION ALL
      SELECT NEW.status, 1 WHERE TG_OP IN ('INSERT', 'UPDATE')
    ) AS "changes"
    ORDER BY "status"
    ON CONFLICT ("status") DO UPDATE SET "total" = "pre_invoice_status_counts"."total" + EXCLUDED."total";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pre_invoice_status_counts_keep" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "pre_invoices"
  FOR EACH ROW EXECUTE FUNCTION "pre_invoice_status_counts_keep"();
--> statement-breakpoint
INSERT INTO "pre_invoice_status_counts" ("status", "total") SELECT "status", count(*) FROM "pre_invoices" GROUP BY "status";
