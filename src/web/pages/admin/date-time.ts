/** How the console writes a moment: the screens' one formatter (src/web/lib/dates.ts, docs/screens.md "Dates and money"). */
export { formatTime as dateTime } from '../../lib/dates';
