// Europe/Berlin days as UTC instants, with the change of summer time: shared by the examples.

const berlinParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Milliseconds Berlin is ahead of UTC at this instant (3,600,000 in winter, 7,200,000 in summer). */
function berlinOffsetMs(instant) {
  const part = Object.fromEntries(berlinParts.formatToParts(new Date(instant)).map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant of midnight in Berlin that starts the given day (month 1–12; days past the month's end roll over). */
export function berlinMidnight(year, month, day) {
  const wallClock = Date.UTC(year, month - 1, day);
  // Twice: the offset at the guessed instant can differ from the offset at midnight itself.
  const guess = wallClock - berlinOffsetMs(wallClock);
  return new Date(wallClock - berlinOffsetMs(guess));
}

/** Today's date in Berlin as [year, month, day]. */
export function berlinToday(now = new Date()) {
  const part = Object.fromEntries(berlinParts.formatToParts(now).map(({ type, value }) => [type, Number(value)]));
  return [part.year, part.month, part.day];
}

/** "14:30" in Berlin. */
export const berlinTime = (instant) => new Date(instant).toLocaleTimeString('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });

/** "27.11.2026" in Berlin. */
export const berlinDate = (instant) => new Date(instant).toLocaleDateString('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });
