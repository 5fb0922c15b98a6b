/**
 * Column types narrower than the catalogue says, given to kysely-codegen (schema-types.ts):
 * a text column that only ever holds one of our unions, a jsonb column with a known shape.
 * The one reviewed place where a column's TypeScript type is declared rather than read; add a
 * column here (and its type to `imports`), then run `npm run db:types`.
 */

/** `table.column` → the type in schema.gen.ts (whole ColumnType: select, insert, update). */
export const COLUMN_OVERRIDES: Record<string, string> = {
  'message_originals.change': 'TMessageChange',
  'notifications.type': 'TNotificationType',
  // Written as JSON text (JSON.stringify), read back parsed.
  'notifications.data': 'ColumnType<TNotificationData, string | undefined, string>',
  'support_tickets.reason': 'TSupportReason',
  'support_tickets.status': 'Generated<TSupportStatus>',
};

/** Where the types named above come from (kysely-codegen's `customImports`). */
export const OVERRIDE_IMPORTS: Record<string, string> = {
  TMessageChange: '@app/shared#TMessageChange',
  TNotificationType: '@app/shared#TNotificationType',
  TNotificationData: '@app/shared#TNotificationData',
  TSupportReason: '@app/shared#TSupportReason',
  TSupportStatus: '@app/shared#TSupportStatus',
};
