CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"title_zh" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider" text,
	"provider_transaction_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_no" text,
	"queried_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('created', 'paying', 'paid', 'fulfilled', 'closed', 'refunded')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"order_no" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_grants" (
	"order_no" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"plan_id" text NOT NULL,
	"days" integer NOT NULL,
	"member_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_grants" ADD CONSTRAINT "vip_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_item_key" ON "orders" USING btree ("user_id","kind","item_id") WHERE status in ('created', 'paying');--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_expires_idx" ON "orders" USING btree ("status","expires_at");