/** Small helpers shared by the migrations. Migrations take `Kysely<any>`: they must not change when types.ts does. */
import { type ColumnDefinitionBuilder, type CreateTableBuilder, type RawBuilder, sql } from 'kysely';

export const now = sql`now()`;

/** `created_at` and `updated_at`, both `timestamptz not null default now()`. */
export function timestamps<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, never> {
  return table
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now));
}

/** A `CHECK (column IN (...))` over a closed list of values. */
export function oneOf(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

/** A required amount in cents, never negative: `.addColumn('price_cents', 'integer', cents('price_cents'))`. */
export const cents = (column: string) => (c: ColumnDefinitionBuilder) => c.notNull().check(sql`${sql.ref(column)} >= 0`);
