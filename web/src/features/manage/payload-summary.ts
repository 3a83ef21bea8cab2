/** How many items of a list the summary shows before "+N". */
const SHOWN = 3;

/** A job's payload as short label/value lines: lists of ids shortened, nested values as JSON. */
export function summarisePayload(payload: unknown): { key: string; value: string }[] {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return [];
  return Object.entries(payload as Record<string, unknown>).map(([key, value]) => ({
    key,
    value: summariseValue(value),
  }));
}

function summariseValue(value: unknown): string {
  if (Array.isArray(value)) {
    const shown = value
      .slice(0, SHOWN)
      .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    const rest = value.length - shown.length;
    return `${value.length}: ${shown.join(', ')}${rest > 0 ? ` +${rest}` : ''}`;
  }
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
