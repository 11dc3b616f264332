/**
 * The meal services the school serves and their windows, as the cafeteria station knows them: from `GET v2/config`,
 * which the station already fetches for the school's time zone and keeps on the device (src/api/school-time-zone.ts),
 * so a tablet that starts offline still offers the school's services. Null when the device never had them.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { schoolTimeZoneQuery } from '../../../api/school-time-zone';
import { type MealServices, MealServicesSchema } from '../../../contract';
import { CONFIG_STORAGE_KEY } from '../../../ui/school-name';

function keptServices(): MealServices | null {
  try {
    const kept = JSON.parse(localStorage.getItem(CONFIG_STORAGE_KEY) ?? 'null') as { meal_services?: unknown } | null;
    const parsed = MealServicesSchema.safeParse(kept?.meal_services);
    return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The school's meal services kept on the device, read again whenever the config is fetched again. */
export function useMealServices(): MealServices | null {
  const { dataUpdatedAt } = useQuery(schoolTimeZoneQuery);
  // A new answer of the config (dataUpdatedAt) is what makes the kept copy new.
  return useMemo(() => (dataUpdatedAt >= 0 ? keptServices() : null), [dataUpdatedAt]);
}
