/**
 * The stations a device can become (DESIGN section 9): the Arrivals kiosk, Enter Meals and the
 * pick-up line (Scholar Sign Out and Scan Sign Out). Each names its pages, what a staff member needs to start it, and
 * the permissions its pages are given in station mode: only what recording needs, so no page offers a way out to a
 * staff screen (adding a pick-up adult, records, Check In/Out).
 */
import type { ComponentType } from 'react';
import type { Permission } from '../../contract';
import type { StationKind } from './station-store';

type StationPage = ComponentType<{ permissions: readonly string[]; audience?: 'children' }>;

export interface StationPageDef {
  path: string;
  /** i18n key in the common namespace. */
  title: string;
  load: () => Promise<{ default: StationPage }>;
}

export interface StationDef {
  kind: StationKind;
  /** i18n key in the common namespace. */
  title: string;
  /** What a staff member needs to start it (all of these). */
  requires: readonly Permission[];
  /** What its pages may use, of the starting staff member's permissions. */
  grants: readonly Permission[];
  /** Translation namespaces its pages use. */
  namespaces: readonly string[];
  pages: readonly StationPageDef[];
}

export const STATIONS: readonly StationDef[] = [
  {
    kind: 'arrivals',
    title: 'sections.arrivals',
    requires: ['demographics-view_any', 'check_ins-create'],
    // Staff clock in and out at the kiosk with their badges, when the starting staff member may record time.
    grants: ['check_ins-create', 'timesheets-create'],
    namespaces: ['check-in', 'scanner'],
    pages: [
      {
        path: '/check-in',
        title: 'sections.arrivals',
        load: () => import('../../features/check-in/arrivals/arrivals-page'),
      },
    ],
  },
  {
    kind: 'meals',
    title: 'sections.enterMeals',
    requires: ['nslp_records-create'],
    grants: ['nslp_records-create'],
    namespaces: ['meals', 'meal-records', 'scanner'],
    pages: [
      {
        path: '/meals',
        title: 'sections.enterMeals',
        load: () => import('../../features/meals/enter-meals/enter-meals-page'),
      },
    ],
  },
  {
    kind: 'pick-up',
    title: 'stations.pickUp',
    requires: ['check_ins-create'],
    grants: ['check_ins-create'],
    namespaces: ['sign-out', 'check-in', 'scanner'],
    pages: [
      {
        path: '/sign-out',
        title: 'sections.scholarSignOut',
        load: () => import('../../features/sign-out/line/sign-out-page'),
      },
      {
        path: '/sign-out/scan',
        title: 'sections.scholarSignOutScan',
        load: () => import('../../features/sign-out/scan/scan-page'),
      },
    ],
  },
];

/** The stations someone with these permissions may start. */
export const stationsFor = (permissions: readonly string[]) =>
  STATIONS.filter((s) => s.requires.every((p) => permissions.includes(p)));

export const stationOf = (kind: StationKind): StationDef => STATIONS.find((s) => s.kind === kind) as StationDef;

/** What a station's pages are given: its grants that the staff member holds. */
export const stationPermissions = (station: StationDef, permissions: readonly string[]) =>
  station.grants.filter((p) => permissions.includes(p));
