import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  type AnyPgColumn,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps, trigramIndex } from '../../db/columns.js';
import { copyPrefixKey, sortPrefix } from '../../lib/text-search.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';

type OrderColumns = {
  year: AnyPgColumn;
  month: AnyPgColumn;
  number: AnyPgColumn;
  numberExtension: AnyPgColumn;
  id: AnyPgColumn;
  hasInternal: AnyPgColumn;
  hasExternal: AnyPgColumn;
};

/**
 * The tail of every list-order index: full number and id (the tie-breakers of services.list.ts),
 * then the family flags. Behind the unique id they change no order; they let the internal /
 * external filter be read from the index.
 */
const listOrderTail = (t: OrderColumns) =>
  [t.year, t.month, t.number, t.numberExtension, t.id, t.hasInternal, t.hasExternal] as const;

/** Service events (protocols). Numbering rules: domain.md "Service events". */
/**
 * How many characters of the description's search copy `fault_head` holds (migration
 * service_description_head): the signature walk tells from its entry a short term's start, a long
 * term held in them, and a description that is whole in them (shorter than this) and lacks it.
 */
export const FAULT_HEAD_CHARS = 100;

export const services = pgTable(
  'services',
  {
    id: serial().primaryKey(),
    date: date({ mode: 'string' }).notNull(),
    /** 0 = not numbered yet, shown as "(auto)". */
    number: integer().notNull().default(0),
    /** '' or one letter A–Z. */
    numberExtension: varchar({ length: 1 }).notNull().default(''),
    month: smallint().notNull(),
    year: smallint().notNull(),
    paymentType: varchar({ length: 30 }).notNull().default('PLATNA'),
    types: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    isToSign: boolean().notNull().default(false),
    faultDescription: text().notNull().default(''),
    /** Months since handover covered by a periodic inspection; -1 when not one. */
    period: integer().notNull().default(-1),
    state: varchar({ length: 20 }).notNull().default('UTWORZONY'),
    userCreatedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /**
     * Whether the event covers an INTERNAL / an EXTERNAL machine. Copied from its machines when they
     * are saved (a machine never changes family), so the two lists page and count over 1,000,000
     * events with the partial indexes below instead of joining service_devices. Rows written
     * outside the services module must set them too.
     */
    hasInternal: boolean().notNull().default(false),
    hasExternal: boolean().notNull().default(false),
    /**
     * Sort keys copied from the event's customer and creator, so the lists sort by them through an
     * index instead of sorting 5,000,000 joined rows (docs/decisions.md, "Service-work lists at
     * 5,000,000 events"). Kept by the database itself in the writing transaction: a BEFORE trigger
     * on services fills them, triggers on customers and users follow a rename (migration
     * service_list_keys). Never written by the application.
     */
    customerShortName: varchar({ length: 100 }).notNull().default(''),
    userLastName: varchar({ length: 100 }).notNull().default(''),
    userFirstName: varchar({ length: 100 }).notNull().default(''),
    /**
     * The description as the search reads it: lower-cased, kept by the same BEFORE trigger
     * (migration service_fault_search). LIKE against a lower-cased pattern costs a third of ILIKE,
     * which lower-cases every row it checks (docs/decisions.md, "The description's search copy").
     * Never written by the application.
     */
    faultSearch: text().notNull().default(''),
    // Not declared here, kept by the database alone (the same trigger): `fault_sig1`…`fault_sig4`,
    // the search copy's trigram signature (migration service_fault_signature), and `fault_head`, its
    // first FAULT_HEAD_CHARS characters (migrations service_fault_head, service_description_head).
    // Two indexes of their own carry them for the signature walk, the family lists' order with the
    // customer and creator
    // (`services_internal_walk_idx`, `services_external_walk_idx`, migration service_walk_indexes;
    // services.signature.ts), not declared here either: Drizzle cannot declare INCLUDE, and a bigint
    // would come back as a BigInt, which JSON cannot serialise.
    ...timestamps,
  },
  (t) => [
    uniqueIndex('services_number_uq')
      .on(t.year, t.number, t.numberExtension)
      .where(sql`${t.number} > 0`),
    // Full-number order (the lists' default) with id as the tie-breaker of unnumbered events.
    index('services_order_idx').on(t.year, t.month, t.number, t.numberExtension, t.id),
    index('services_internal_order_idx')
      .on(t.year, t.month, t.number, t.numberExtension, t.id)
      .where(sql`${t.hasInternal}`),
    index('services_external_order_idx')
      .on(t.year, t.month, t.number, t.numberExtension, t.id)
      .where(sql`${t.hasExternal}`),
    index('services_date_idx').on(t.date, t.id),
    // One index per sort of the lists, the full number (and id) breaking ties; the family flags
    // ride along so the internal / external filter is checked in the index (index-only scans).
    // Short (1–2 character) searches match the start of the description (lib/text-search.ts).
    index('services_state_order_idx').on(t.state, ...listOrderTail(t)),
    index('services_payment_order_idx').on(t.paymentType, ...listOrderTail(t)),
    index('services_fault_order_idx').on(sortPrefix(t.faultDescription), ...listOrderTail(t)),
    index('services_customer_order_idx').on(t.customerShortName, ...listOrderTail(t)),
    index('services_user_order_idx').on(t.userLastName, t.userFirstName, ...listOrderTail(t)),
    // A searched number without its year (services_number_uq starts with the year).
    index('services_number_idx').on(t.number),
    index('services_fault_prefix_idx').on(sql`${copyPrefixKey(t.faultSearch)} text_pattern_ops`),
    // Dashboard (issue 12): a month's issued and signed protocols counted from the index alone,
    // and the protocols waiting for a signature or a scan, oldest first.
    index('services_date_state_idx').on(t.date, t.state),
    index('services_waiting_idx')
      .on(t.date, t.id)
      .where(sql`${t.state} IN ('UTWORZONY', 'DODAJ_SKAN')`),
    // For the periodic-inspection list; the predicate matches `countedInspection` in
    // inspections.repository.ts word for word, or the planner will not use it.
    index('services_inspection_idx')
      .on(t.id, t.period, t.date)
      .where(sql`'PRZEGLAD_OKRESOWY' = ANY(${t.types}) AND ${t.state} <> 'ODRZUCONY'`),
    // The search copy's trigrams, one index per family: every searched list is of one family, and a
    // broad term ("wyciek") then yields only that family's events to fetch and sort.
    trigramIndex('services_internal_fault_trgm', t.faultSearch).where(sql`${t.hasInternal}`),
    trigramIndex('services_external_fault_trgm', t.faultSearch).where(sql`${t.hasExternal}`),
    index('services_customer_idx').on(t.customerId),
    index('services_user_date_idx').on(t.userCreatedId, t.date),
  ],
);

/** Machines an event covers (one or more, of one customer). */
export const serviceDevices = pgTable(
  'service_devices',
  {
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.deviceId] }),
    index('service_devices_device_idx').on(t.deviceId),
  ],
);
