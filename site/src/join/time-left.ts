/** "2 days 3 h 04 min", "12 min 05 s": the time left, as precise as it matters. */
export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} ${hours} h ${two(minutes)} min`;
  if (hours > 0) return `${hours} h ${two(minutes)} min`;
  return `${minutes} min ${two(seconds)} s`;
}
