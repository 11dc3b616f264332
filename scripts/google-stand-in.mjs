#!/usr/bin/env node
/**
 * `node scripts/google-stand-in.mjs [--configure http://localhost:8080]`: the local stand-in of Google's token,
 * Classroom and Calendar APIs with demo data, to show the Google sync beside `npm start` without Google (docs/screens.md, "Google Classroom and Calendar sync"). GOOGLE_STAND_IN_PORT (default 8090), DATA_DIR and
 * SCHOOL_TIMEZONE as the server's.
 */
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../server/test/google/demo.ts', import.meta.url);
await main(process.argv.slice(2));
