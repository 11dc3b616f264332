/**
 * `npm start`: builds the web app if its sources are newer than dist/, bundles the server if its sources are newer
 * than dist-server/, then runs the server in this same process, so signals reach it directly and shutdown is
 * graceful.
 */
import { pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverNeedsBuild } from './build-server.mjs';
import { buildWebAppIfStale } from './build-stamp.mjs';

if (process.env.SKIP_BUILD !== '1') {
  try {
    buildWebAppIfStale();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
if (serverNeedsBuild()) await buildServer();
await import(pathToFileURL(SERVER_BUNDLE).href);
