// The cursor of the platform's two feeds (letter changes, delivery events): the transaction
// id that wrote a row and the row's place within it, as `{xid}.{position}`; '0' is the
// beginning. Opaque to clients (SyncCursorSchema checks its form).

export interface FeedPosition {
  xid: string;
  position: string;
}

export function parseFeedCursor(cursor: string): FeedPosition {
  if (cursor === '0') return { xid: '0', position: '0' };
  const [xid = '0', position = '0'] = cursor.split('.');
  return { xid, position };
}

export function feedCursor(xid: string, position: string | number): string {
  return `${xid}.${position}`;
}
