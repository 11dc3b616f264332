/**
 * Builds the API server from plugins, in the order fastify/demo uses: external (security headers, rate limits,
 * multipart), then our services (database, access control), then routes, then the built web app. Tests build it and
 * call `inject`; main.ts builds it and listens.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createGoogleVerifier, type GoogleVerifier } from './auth/google';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createMailer, defaultMailFrom, type SendMail } from './lib/mail/mailer';
import { ROOT } from './lib/paths';
import { parseQuery } from './lib/querystring';
import { loadSchool, type School } from './lib/school';
import { readTlsMaterial, secureServerLimits, tlsServerOptions } from './lib/tls';
import access from './plugins/access';
import errors from './plugins/errors';
import multipart from './plugins/multipart';
import nightlyBackup from './plugins/nightly-backup';
import noticeJobs from './plugins/notice-jobs';
import noticeWorker from './plugins/notice-worker';
import security from './plugins/security';
import staticApp from './plugins/static';
import { absenceReportsRoutes, portalAbsenceRoutes } from './routes/absence_reports/index';
import authRoutes from './routes/auth/index';
import passwordRoutes from './routes/auth/password';
import authorizedPickUpsRoutes from './routes/authorized_pick_ups/index';
import { carLineRoutes, portalCarLineRoutes } from './routes/car_line/index';
import checkInsRoutes from './routes/check_ins/index';
import conferencesRoutes, { portalConferenceRoutes } from './routes/conferences/index';
import configRoutes from './routes/config/index';
import covidScreeningsRoutes, { portalScreeningRoutes } from './routes/covid_screenings/index';
import demographicsRoutes from './routes/demographics/index';
import dismissalRoutes from './routes/dismissal/index';
import { dismissalChangesRoutes, portalDismissalRoutes } from './routes/dismissal_changes/index';
import googleSyncRoutes from './routes/google_sync/index';
import guardiansRoutes from './routes/guardians/index';
import guardianshipsRoutes from './routes/guardianships/index';
import health from './routes/health';
import independentStudyRoutes from './routes/independent_study/index';
import independentStudyPortalRoutes from './routes/independent_study/portal';
import invitationsRoutes from './routes/invitations/index';
import mealEligibilityImportsRoutes from './routes/meal_eligibility_imports/index';
import mealServiceDaysRoutes from './routes/meal_service_days/index';
import messengerRoutes from './routes/messenger_schedules/index';
import { noticesRoutes, notificationPreferencesRoutes, pushSubscriptionsRoutes } from './routes/notices/index';
import nslpRecordsRoutes from './routes/nslp_records/index';
import photoImportsRoutes from './routes/photo_imports/index';
import photosRoutes from './routes/photos/index';
import { portalContentRoutes } from './routes/portal_content/index';
import rolesRoutes from './routes/roles/index';
import rosterExportsRoutes from './routes/roster_exports/index';
import rosterImportsRoutes from './routes/roster_imports/index';
import scholarRoutes from './routes/scholar/index';
import { erasuresRoutes, scholarDataRoutes } from './routes/scholar_data/index';
import scholarWorkRoutes from './routes/scholar_work/index';
import workSettingsRoutes from './routes/scholar_work/settings';
import schoolSettingsRoutes from './routes/school_settings/index';
import schoolYearRoutes from './routes/school_year/index';
import setupRoutes from './routes/setup/index';
import syncRoutes from './routes/sync/index';
import daysOffRoutes from './routes/timesheet_schedules/days-off';
import timesheetSchedulesRoutes from './routes/timesheet_schedules/index';
import nonWorkDaysRoutes from './routes/timesheet_schedules/non-work-days';
import timekeepingSettingsRoutes from './routes/timesheet_schedules/settings';
import specialHoursRoutes from './routes/timesheet_schedules/special-hours';
import timekeepingStaffRoutes from './routes/timesheet_schedules/staff';
import timesheetBadgeRoutes from './routes/timesheets/badge';
import timesheetsRoutes from './routes/timesheets/index';
import timesheetPeriodsRoutes from './routes/timesheets/periods';
import timesheetPunchRoutes from './routes/timesheets/punch';
import timesheetSummaryRoutes from './routes/timesheets/summary';
import usersRoutes from './routes/users/index';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    googleVerify: GoogleVerifier;
    appVersion: string;
    /** The school's name and time zone (server/lib/school.ts). */
    school: School;
    /** Sends a mail through SMTP_URL; null without it (links are shown to hand over instead). */
    sendMail: SendMail | null;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  serveApp?: boolean;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** The routes under /api/v2, each a plugin with its own prefix. */
const API_ROUTES = [
  ['/auth', authRoutes],
  ['/auth', passwordRoutes],
  ['/invitations', invitationsRoutes],
  ['/config', configRoutes],
  ['/setup', setupRoutes],
  ['/users', usersRoutes],
  ['/roles', rolesRoutes],
  ['/demographics', demographicsRoutes],
  ['/photos', photosRoutes],
  ['/check_ins', checkInsRoutes],
  ['/authorized_pick_ups', authorizedPickUpsRoutes],
  ['/nslp_records', nslpRecordsRoutes],
  ['/meal_service_days', mealServiceDaysRoutes],
  ['/sync', syncRoutes],
  ['/messenger_schedules', messengerRoutes],
  ['/school_settings', schoolSettingsRoutes],
  ['/google_sync', googleSyncRoutes],
  ['/timesheet_schedules', timesheetSchedulesRoutes],
  ['/timesheet_schedules/non_work_days', nonWorkDaysRoutes],
  ['/timesheet_schedules/days_off', daysOffRoutes],
  ['/timesheet_schedules/special_hours', specialHoursRoutes],
  ['/timesheet_schedules/staff', timekeepingStaffRoutes],
  ['/timesheet_schedules/settings', timekeepingSettingsRoutes],
  ['/timesheets', timesheetsRoutes],
  ['/timesheets/periods', timesheetPeriodsRoutes],
  ['/timesheets/badge', timesheetBadgeRoutes],
  ['/timesheets/punch', timesheetPunchRoutes],
  ['/timesheets/summary', timesheetSummaryRoutes],
  ['/scholar', scholarRoutes],
  ['/scholar', scholarWorkRoutes],
  ['/portal_content/work_settings', workSettingsRoutes],
  ['/scholar', independentStudyPortalRoutes],
  ['/independent_study', independentStudyRoutes],
  ['/covid_screenings', covidScreeningsRoutes],
  ['/scholar/covid_screening', portalScreeningRoutes],
  ['/conferences', conferencesRoutes],
  ['/scholar/conferences', portalConferenceRoutes],
  ['/guardians', guardiansRoutes],
  ['/guardianships', guardianshipsRoutes],
  ['/roster_imports', rosterImportsRoutes],
  ['/school_year', schoolYearRoutes],
  ['/roster_exports', rosterExportsRoutes],
  ['/photo_imports', photoImportsRoutes],
  ['/meal_eligibility_imports', mealEligibilityImportsRoutes],
  // A family's data on request: one scholar's export and erase, the erase log and its reminder.
  ['/demographics', scholarDataRoutes],
  ['/erasures', erasuresRoutes],
  ['/push_subscriptions', pushSubscriptionsRoutes],
  ['/notification_preferences', notificationPreferencesRoutes],
  ['/notices', noticesRoutes],
  ['/scholar/absence_reports', portalAbsenceRoutes],
  ['/absence_reports', absenceReportsRoutes],
  ['/scholar/dismissal_changes', portalDismissalRoutes],
  ['/dismissal_changes', dismissalChangesRoutes],
  ['/dismissal', dismissalRoutes],
  ['/scholar/car_line', portalCarLineRoutes],
  ['/car_line', carLineRoutes],
] as const;

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/**
 * Every schema is zod: without these, fastify loads its default compilers (ajv, fast-json-stringify) when the app is
 * made and never uses them, 40-60 ms of a warm start. Fastify's types describe ajv's compilers; the zod
 * ones take the same route definition and are what setValidatorCompiler/setSerializerCompiler install below anyway.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the server without listening. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const timeout = opts.config.REQUEST_TIMEOUT_MS;
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.config.TRUST_PROXY,
    // Slow clients: the whole request within the timeout (headers included), an idle socket closed
    // after twice that, an idle kept-alive connection after its own timeout. Node checks the request and header
    // timeouts on an interval, 30 s by default: a tenth of the timeout keeps "within 30 s" true.
    requestTimeout: timeout,
    connectionTimeout: 2 * timeout,
    keepAliveTimeout: opts.config.KEEP_ALIVE_TIMEOUT_MS,
    http: { headersTimeout: timeout, connectionsCheckingInterval: Math.max(50, Math.floor(timeout / 10)) },
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQuery, ignoreTrailingSlash: true },
    return503OnClosing: true,
    requestIdHeader: 'x-request-id',
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // With TLS_CERT and TLS_KEY: HTTPS with HTTP/2 and HTTP/1.1 by ALPN, the files checked first (server/lib/tls.ts).
    ...tlsServerOptions(readTlsMaterial(opts.config)),
  }).withTypeProvider<ZodTypeProvider>();
  secureServerLimits(app, opts.config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', opts.database.db);
  app.decorate('config', opts.config);
  // Made on the first Google sign-in, not at start: making it loads node's fetch (undici), a twentieth of a warm
  // start.
  let googleVerifier: GoogleVerifier | null = null;
  const googleVerify: GoogleVerifier = (idToken) => {
    googleVerifier ??= createGoogleVerifier({
      jwksUrl: opts.config.GOOGLE_JWKS_URL,
      clientId: opts.config.GOOGLE_CLIENT_ID,
      hostedDomain: opts.config.GOOGLE_HOSTED_DOMAIN,
    });
    return googleVerifier(idToken);
  };
  app.decorate('googleVerify', googleVerify);
  app.decorate('appVersion', pkg.version);
  app.decorate('school', await loadSchool(opts.database.db, opts.config));
  // Another instance on the same database may have changed the name or time zone (server/lib/school.ts).
  app.addHook('onRequest', async () => {
    await app.school.refreshIfStale();
  });
  const smtpUrl = opts.config.SMTP_URL;
  app.decorate(
    'sendMail',
    smtpUrl ? createMailer(smtpUrl, opts.config.MAIL_FROM ?? (() => defaultMailFrom(app.school.name))) : null,
  );

  await app.register(errors);
  await app.register(security);
  await app.register(multipart);
  await app.register(access);
  await app.register(noticeWorker);
  await app.register(noticeJobs);

  await app.register(
    async (api) => {
      for (const [prefix, plugin] of [...API_ROUTES, ...portalContentRoutes(app)])
        await api.register(plugin, { prefix });
    },
    { prefix: '/api/v2' },
  );
  await app.register(nightlyBackup, { database: opts.database });
  await app.register(health(opts.database));

  await app.register(staticApp, { root: opts.serveApp === false ? '/nonexistent' : opts.config.STATIC_DIR });
  return app;
}
