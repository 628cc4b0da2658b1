import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { JsonValue } from '@app/contract';
import { tenantId } from '../../platform/db/tenant.table.js';

/** One row per dictionary and tenant: its version rises with every change of one of its items. */
export const dictTypes = pgTable(
  'sys_dict_type',
  {
    tenantId: tenantId(),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

export const dictData = pgTable(
  'sys_dict_data',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: tenantId(),
    dictName: text('dict_name').notNull(),
    label: text('label').notNull(),
    value: text('value').notNull(),
    data: jsonb('data').$type<JsonValue>(),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sys_dict_data_value_uq').on(t.tenantId, t.dictName, t.value),
    index('sys_dict_data_list_idx').on(t.tenantId, t.dictName, t.sort),
  ],
);
