ALTER TABLE "cash_ups" DROP CONSTRAINT "cash_ups_correction_reason_check";--> statement-breakpoint
ALTER TABLE "cash_ups" ADD COLUMN "outcomes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD COLUMN "kind" text DEFAULT 'sign_off' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_change" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_captured" integer;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_kind_check" CHECK ("cash_ups"."kind" in ('sign_off', 'correction'));--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_first_sign_off_check" CHECK ("cash_ups"."corrects" is not null or "cash_ups"."kind" = 'sign_off');--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_correction_reason_check" CHECK ("cash_ups"."kind" = 'sign_off' or "cash_ups"."reason" is not null);--> statement-breakpoint
-- hand-written below
-- The change given on cash-on-delivery orders delivered so far: what was handed over beyond the total, from the cash.
UPDATE "orders" SET "cash_change" = least("collected_cash", greatest(0, "collected_cash" + coalesce("collected_card", 0) - "amount"))
 WHERE "payment_type" = 'COD' AND "status" = 'Completed' AND "collected_cash" IS NOT NULL;
--> statement-breakpoint
-- What the payment of each paid card order captured: its total now, what it is owed and what was refunded (a cancelled
-- one is owed everything it paid).
UPDATE "orders" o SET "card_captured" =
  CASE WHEN o."status" = 'Cancelled' THEN 0 ELSE o."amount" END + o."refund_due"
  + coalesce((SELECT sum(f."amount") FROM "refunds" f WHERE f."order_id" = o."id"), 0)
 WHERE o."payment_type" = 'Online' AND o."is_paid";
--> statement-breakpoint
-- The takings keep what was kept: cash less change (a cash-on-delivery order completed with nothing recorded kept its
-- total in cash), and card at the door or captured online.
UPDATE "takings_orders" t SET
       "cash" = CASE WHEN o."payment_type" = 'COD' AND o."collected_cash" IS NULL AND o."collected_card" IS NULL
                     THEN o."amount" ELSE coalesce(o."collected_cash", 0) - coalesce(o."cash_change", 0) END,
       "card" = coalesce(o."collected_card", 0) + coalesce(o."card_captured", 0)
  FROM "orders" o WHERE o."id" = t."order_id";
--> statement-breakpoint
-- The takings per rate count the delivery charge too: orders delivered so far had it at 0% VAT, as their receipts
-- said (orders delivered from now on share it between the goods' rates).
INSERT INTO "takings_rates" ("order_id", "rate", "day", "net", "vat")
SELECT t."order_id", 0, t."day", t."shipping", 0 FROM "takings_orders" t WHERE t."shipping" > 0
ON CONFLICT ("order_id", "rate") DO UPDATE SET "net" = "takings_rates"."net" + excluded."net";
--> statement-breakpoint
-- Cash-up entries are append-only; these two facts about the entries written so far are filled in once, here.
ALTER TABLE "cash_ups" DISABLE TRIGGER "cash_ups_append_only";
--> statement-breakpoint
-- Each entry covers the outcomes of its run recorded until it was written; every entry after the first was a correction.
UPDATE "cash_ups" c SET "outcomes" = (
  SELECT count(*) FROM "delivery_outcomes" d
   WHERE d."delivery_date" = c."delivery_date" AND d."delivery_time" = c."delivery_time" AND d."created_at" <= c."created_at"),
  "kind" = CASE WHEN c."corrects" IS NULL THEN 'sign_off' ELSE 'correction' END;
--> statement-breakpoint
ALTER TABLE "cash_ups" ENABLE TRIGGER "cash_ups_append_only";
