CREATE TABLE "business_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"vat_number" text,
	"company_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_details_singleton" CHECK ("business_details"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "cash_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_date" date NOT NULL,
	"delivery_time" text NOT NULL,
	"handed_in" integer NOT NULL,
	"cash" integer NOT NULL,
	"variance" integer NOT NULL,
	"reason" text,
	"corrects" uuid,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_ups_handed_in_check" CHECK ("cash_ups"."handed_in" >= 0),
	CONSTRAINT "cash_ups_variance_check" CHECK ("cash_ups"."variance" = "cash_ups"."handed_in" - "cash_ups"."cash"),
	CONSTRAINT "cash_ups_reason_check" CHECK ("cash_ups"."variance" = 0 or "cash_ups"."reason" is not null),
	CONSTRAINT "cash_ups_correction_reason_check" CHECK ("cash_ups"."corrects" is null or "cash_ups"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "document_numbers" (
	"kind" text PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"reason" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"credit_note" integer NOT NULL,
	"staff_id" uuid,
	"staff_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('cash', 'card', 'bank'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_corrects_cash_ups_id_fk" FOREIGN KEY ("corrects") REFERENCES "public"."cash_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_ups_run_idx" ON "cash_ups" USING btree ("delivery_date","delivery_time","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_ups_sign_off_key" ON "cash_ups" USING btree ("delivery_date","delivery_time") WHERE "cash_ups"."corrects" is null;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_key" ON "refunds" USING btree ("credit_note");--> statement-breakpoint
CREATE INDEX "orders_delivered_idx" ON "orders" USING btree ("delivered_at") WHERE "orders"."delivered_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_delivery_slot_idx" ON "orders" USING btree ("delivery_date","delivery_time");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "larder_cash_ups_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'cash-up entries cannot be changed or removed: correct one with a new entry' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cash_ups_append_only" BEFORE UPDATE OR DELETE ON "cash_ups"
  FOR EACH ROW EXECUTE FUNCTION "larder_cash_ups_append_only"();
