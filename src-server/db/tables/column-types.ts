import type { ColumnType } from 'kysely';

// Column types shared by the table files. jsonb columns are written as JSON text (`toJson`),
// because node-postgres would turn a JS array into a PostgreSQL array.

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Json<T> = ColumnType<T, string, string>;
export type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
