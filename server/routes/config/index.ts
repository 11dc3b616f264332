/** `GET v2/config`: what the web app needs at run time. Public: the login screen reads it before anyone signs in. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConfigResponseSchema } from '../../../src/contract';
import { readPortalSettings } from '../scholar/index';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { access: 'public' }, schema: { response: { 200: ConfigResponseSchema } } }, async () => ({
    google_client_id: app.config.GOOGLE_CLIENT_ID ?? null,
    school_name: app.config.SCHOOL_NAME,
    time_zone: app.config.SCHOOL_TIMEZONE,
    version: app.appVersion,
    help_contact: (await readPortalSettings(app.db)).help_contact,
  }));
};

export default routes;
