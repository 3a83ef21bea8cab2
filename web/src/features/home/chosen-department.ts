import { useState } from 'react';

const KEY = 'paddock.supplier.department';

/**
 * The department a supplier working for several chose, kept for the browser session so that each of
 * its views opens there instead of asking again (issue 23): the id of the top folder naming it, as
 * the name changes with the language; null until chosen, or once given up.
 */
export function useChosenDepartment(): [string | null, (department: string | null) => void] {
  const [chosen, setChosen] = useState(() => sessionStorage.getItem(KEY));
  const set = (next: string | null) => {
    setChosen(next);
    if (next === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, next);
  };
  return [chosen, set];
}
