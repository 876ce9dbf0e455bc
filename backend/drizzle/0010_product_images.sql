CREATE TABLE "product_images" (
	"name" text PRIMARY KEY NOT NULL,
	"picture_id" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_images_picture_idx" ON "product_images" USING btree ("picture_id");