CREATE TABLE "takings_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"goods" integer NOT NULL,
	"vat" integer NOT NULL,
	"shipping" integer NOT NULL,
	"amount" integer NOT NULL,
	"cash" integer NOT NULL,
	"card" integer NOT NULL,
	"savings" integer NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takings_rates" (
	"order_id" uuid NOT NULL,
	"rate" integer NOT NULL,
	"day" date NOT NULL,
	"net" integer NOT NULL,
	"vat" integer NOT NULL,
	CONSTRAINT "takings_rates_order_id_rate_pk" PRIMARY KEY("order_id","rate")
);
--> statement-breakpoint
ALTER TABLE "takings_orders" ADD CONSTRAINT "takings_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takings_rates" ADD CONSTRAINT "takings_rates_order_id_takings_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."takings_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takings_orders_day_idx" ON "takings_orders" USING btree ("day","delivered_at");--> statement-breakpoint
CREATE INDEX "takings_rates_day_idx" ON "takings_rates" USING btree ("day");--> statement-breakpoint
-- Backfill: every order delivered so far, split per VAT rate as the takings did until now (the lines as supplied
-- at their stored prices, the difference from the order's own goods and VAT given to the rate with the most goods).
INSERT INTO "takings_orders" ("order_id", "day", "delivered_at", "goods", "vat", "shipping", "amount", "cash", "card", "savings", "refunded")
SELECT o.id, (o.delivered_at at time zone 'Europe/London')::date, o.delivered_at, o.goods, o.total_vat,
       o.shipping_charge, o.amount, coalesce(o.collected_cash, 0), coalesce(o.collected_card, 0), o.savings,
       coalesce((select sum(f.amount) from "refunds" f where f.order_id = o.id), 0)
  FROM "orders" o
 WHERE o.status = 'Completed' AND o.delivered_at IS NOT NULL;
--> statement-breakpoint
INSERT INTO "takings_rates" ("order_id", "rate", "day", "net", "vat")
WITH d AS (
  SELECT t.order_id AS id, t.day, t.goods, t.vat AS total_vat FROM "takings_orders" t
),
lines AS (
  SELECT i.order_id, i.vat_basis_points AS rate, i.price * coalesce(i.picked, i.quantity) AS net,
         ((i.price * (10000 + i.vat_basis_points) + 5000) / 10000) * coalesce(i.picked, i.quantity) AS gross
    FROM "order_items" i JOIN d ON d.id = i.order_id
   WHERE NOT i.refused
  UNION ALL
  SELECT i.order_id, coalesce(i.substitute_vat_basis_points, 0), i.substitute_price * i.substitute_quantity,
         ((i.substitute_price * (10000 + coalesce(i.substitute_vat_basis_points, 0)) + 5000) / 10000)
           * i.substitute_quantity
    FROM "order_items" i JOIN d ON d.id = i.order_id
   WHERE NOT i.refused AND i.substitute_quantity IS NOT NULL AND i.substitute_price IS NOT NULL
),
per_rate AS (
  SELECT order_id, rate, sum(net)::int AS net, sum(gross - net)::int AS vat FROM lines GROUP BY order_id, rate
),
ranked AS (
  SELECT p.*, row_number() OVER (PARTITION BY p.order_id ORDER BY p.net + p.vat DESC, p.rate DESC) AS rank,
         sum(p.net) OVER (PARTITION BY p.order_id) AS all_net,
         sum(p.vat) OVER (PARTITION BY p.order_id) AS all_vat
    FROM per_rate p
)
SELECT r.order_id, r.rate, d.day,
       r.net + CASE WHEN r.rank = 1 THEN d.goods - r.all_net ELSE 0 END,
       r.vat + CASE WHEN r.rank = 1 THEN d.total_vat - r.all_vat ELSE 0 END
  FROM ranked r JOIN d ON d.id = r.order_id;
