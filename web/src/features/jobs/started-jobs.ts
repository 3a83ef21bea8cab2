/**
 * The jobs this browser started and has not yet seen end, kept in localStorage so that a page
 * closed while one still runs says so when it is opened again (SPEC §8 "the browser closed before
 * actions were completed"). The jobs themselves run on the server either way.
 */
const STORAGE_KEY = 'paddock.startedJobs';
/** A bound, so a browser that never sees its jobs end (storage only grows) keeps a short list. */
const MAX_REMEMBERED = 50;

export function rememberedJobs(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function store(ids: readonly string[]): void {
  try {
    if (ids.length) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(ids.slice(-MAX_REMEMBERED)));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, quota): the reminder is a courtesy, the job runs regardless.
  }
}

export function rememberJob(id: string): void {
  const ids = rememberedJobs();
  if (!ids.includes(id)) store([...ids, id]);
}

export function forgetJobs(done: readonly string[]): void {
  store(rememberedJobs().filter((id) => !done.includes(id)));
}
