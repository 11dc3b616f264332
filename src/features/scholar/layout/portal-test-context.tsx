/** Screen tests' portal context: Ana, a scholar, in Los Angeles on Friday 27 November 2026, online. */
import type { ReactNode } from 'react';
import type { PortalSettings } from '../../../contract';
import { PortalContext, type PortalContextValue } from '../portal-context';
import { ANA, scholarsAnswer } from './fake-portal-server';

/**
 * The provider, for `userId` (each test its own, so the device's copies of answers do not mix); `settings` changes
 * some of the school's portal settings.
 */
export function TestPortal({
  userId,
  settings,
  children,
}: {
  userId: string;
  settings?: Partial<PortalSettings>;
  children: ReactNode;
}) {
  const value: PortalContextValue = {
    userId,
    userType: 'student',
    scholars: [ANA],
    scholar: ANA,
    setScholarId: () => undefined,
    settings: { ...scholarsAnswer([ANA]).settings, ...settings },
    timeZone: 'America/Los_Angeles',
    today: '2026-11-27',
    fetchedAt: Date.now(),
    fromDevice: false,
  };
  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}
