CREATE TABLE "material_grants" (
	"user_id" bigint NOT NULL,
	"material_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_grants" ADD CONSTRAINT "material_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "material_grants_user_material_idx" ON "material_grants" USING btree ("user_id","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_grants_order_idx" ON "material_grants" USING btree ("order_no");