/** `GET v2/config`: what the web app needs at run time. Public: the login screen reads it before anyone signs in. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLOSURES_AHEAD_DAYS, ConfigResponseSchema, orderMealServices, shiftDate } from '../../../src/contract';
import { schoolSettings } from '../../db/schema';
import { closuresBetween } from '../../lib/school-calendar';
import { schoolDay } from '../../lib/school-day';
import { administratorExists } from '../../lib/setup';
import { readPortalSettings } from '../scholar/index';
import { schoolLogoUrl } from '../school_settings/index';

const routes: FastifyPluginAsyncZod = async (app) => {
  // Once the school has an administrator it keeps one (the last-administrator guard): no need to ask again.
  let setUp = false;
  const setupNeeded = async () => {
    setUp ||= await administratorExists(app.db);
    return !setUp;
  };
  // The VAPID public key, read (or made) once: the portal subscribes with it.
  const pushKey = async () => (app.config.PUSH_ENABLED ? (await app.notices.vapid()).publicKey : null);
  app.get('/', { config: { access: 'public' }, schema: { response: { 200: ConfigResponseSchema } } }, async () => {
    const today = schoolDay(new Date(), app.school.timeZone);
    const [settings, closures, setup_needed, [school], push_public_key] = await Promise.all([
      readPortalSettings(app.db),
      closuresBetween(app.db, today, shiftDate(today, CLOSURES_AHEAD_DAYS)),
      setupNeeded(),
      app.db
        .select({ logo_sha256: schoolSettings.logo_sha256, meal_services: schoolSettings.meal_services })
        .from(schoolSettings)
        .limit(1),
      pushKey(),
    ]);
    return {
      google_client_id: app.config.GOOGLE_CLIENT_ID ?? null,
      school_name: app.school.name,
      time_zone: app.school.timeZone,
      version: app.appVersion,
      help_contact: settings.help_contact,
      closures: closures.map(({ name, starts_on, ends_on }) => ({ name, starts_on, ends_on })),
      setup_needed,
      logo_url: schoolLogoUrl(school?.logo_sha256 ?? null),
      meal_services: orderMealServices(school?.meal_services ?? {}),
      push_public_key,
    };
  });
};

export default routes;
