CREATE TABLE "seller_recovery_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seller_two_factor" (
	"account" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_recovery_codes" ADD CONSTRAINT "seller_recovery_codes_account_seller_two_factor_account_fk" FOREIGN KEY ("account") REFERENCES "public"."seller_two_factor"("account") ON DELETE cascade ON UPDATE no action;