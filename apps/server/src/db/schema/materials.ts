import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * 资料 (issue 21, ADR 0023). The materials are content (content/materials, read into memory); this
 * table holds who bought which. One grant per (learner, material) and per order, so a fulfilment
 * called again for the same order — a notification delivered twice, or racing an active query —
 * inserts nothing the second time. `material_id` is the catalogue's id, not a foreign key: a
 * material withdrawn from sale stays in its buyers' history.
 */
export const materialGrants = pgTable(
  'material_grants',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    materialId: integer('material_id').notNull(),
    /** The order that paid for it (the orders module's order number). */
    orderNo: text('order_no').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('material_grants_user_material_idx').on(table.userId, table.materialId),
    uniqueIndex('material_grants_order_idx').on(table.orderNo),
  ],
);
