/**
 * `v2/roster_exports` (Administrator: `roster_imports-view_any`, the roster import's own permission, as the export is
 * the same package the other way, DESIGN section 11):
 * - `GET oneroster`: the school's roster as a OneRoster 1.1 bulk CSV zip (server/lib/oneroster/export-roster.ts),
 *   `application/zip`, saved as `<school>-oneroster-<YYYY-MM-DD>.zip` (the school's day). The export is written to the
 *   audit trail (action create, resource roster_exports) with how many records of each kind it held, since it carries
 *   every family's names and emails out of the school's system.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../lib/audit';
import { exportRoster } from '../../lib/oneroster/export-roster';
import { writeOneRoster } from '../../lib/oneroster/write';
import { ERROR_RESPONSES } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';

/** The system the package says it comes from (manifest.csv's source.systemName). */
export const SYSTEM_NAME = 'School Operations';

/** The school's name as a file name's part: ASCII letters and digits joined by hyphens ("Escuela Núñez" → escuela-nunez). */
export function fileNamePart(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'school';
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/oneroster',
    {
      config: { access: 'roster_imports-view_any' },
      schema: { response: { 200: z.any(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const schoolName = app.school.name;
      const { package: pkg, counts } = await app.db.transaction(
        async (tx) => {
          const exported = await exportRoster(tx, schoolName);
          await audit(tx, request, { action: 'create', resource: 'roster_exports', changes: exported.counts });
          return exported;
        },
        { isolationLevel: 'repeatable read' },
      );
      const zip = writeOneRoster(pkg, SYSTEM_NAME);
      const fileName = `${fileNamePart(schoolName)}-oneroster-${schoolDay(new Date(), app.school.timeZone)}.zip`;
      request.log.info({ counts }, 'roster exported');
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );
};

export default routes;
