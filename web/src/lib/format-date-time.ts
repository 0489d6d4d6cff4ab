let dateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * A moment in full, '11/21/2026, 3:04:05 PM', as `toLocaleString('en-US')` writes it (a time's title on hover).
 * Apart from format.ts, which the first visit loads: the pages that write these load it with their own code.
 * One formatter for the page, made on first use: `toLocaleString` with a locale makes one on every call, and a
 * board's history asks for one per message.
 */
export function formatDateTime(date: Date | string | number): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
  return dateTimeFormat.format(date instanceof Date ? date : new Date(date));
}
