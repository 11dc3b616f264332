/**
 * The month a portal screen shows (Arrivals, Calendar), kept in the address as `?month=YYYY-MM`: this month (the
 * school's, from `today`) when the address names none or a month that does not exist; going back to this month
 * removes the parameter.
 */
import { useSearchParams } from 'react-router-dom';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The shown month, this month, and the way to another month. */
export function useMonthParam(today: string): { month: string; current: string; goTo: (next: string) => void } {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const current = today.slice(0, 7);
  const month = asked && MONTH.test(asked) ? asked : current;
  const goTo = (next: string) =>
    setParams(
      (p) => {
        if (next === current) p.delete('month');
        else p.set('month', next);
        return p;
      },
      { replace: true },
    );
  return { month, current, goTo };
}
