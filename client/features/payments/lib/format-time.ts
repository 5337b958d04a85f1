const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** A moment as the shopper and the counter read it: '21 Nov 2026, 3:05 pm' (IST). */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(typeof value === 'string' ? new Date(value) : value);
}

const clock = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** A time of day in IST: '3:20 pm'. */
export function formatClock(value: Date | string): string {
  return clock.format(typeof value === 'string' ? new Date(value) : value);
}
