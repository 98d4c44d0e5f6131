/** How the console writes a moment: "Nov 24, 2026, 12:30 AM". */
export const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
