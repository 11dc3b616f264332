#!/usr/bin/env node
/**
 * `npm run tls:local -- <host-or-ip>…`: makes (or reuses) the school's own certificate authority in DATA_DIR/tls and
 * issues the server's certificate for the names and addresses given, then prints the environment to start the
 * server with and how to trust the authority on each kind of device (server/lib/tls-local.ts; docs/tls.md).
 * DATA_DIR, PORT and SCHOOL_NAME as the server reads them.
 */
import { tsImport } from 'tsx/esm/api';

const { loadConfig, ConfigError } = await tsImport('../server/config.ts', import.meta.url);
const { writeLocalTls, instructions } = await tsImport('../server/lib/tls-local.ts', import.meta.url);

const hosts = process.argv.slice(2).filter((arg) => arg !== '--');
if (hosts.length === 0 || hosts.some((h) => h === '-h' || h === '--help')) {
  console.error(
    'Usage: npm run tls:local -- <host-or-ip>…   e.g. npm run tls:local -- school.lan 192.168.1.20\n' +
      'Every name and address the devices will open the server at (DATA_DIR sets where the files go).',
  );
  process.exit(2);
}
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  throw err;
}
try {
  const result = writeLocalTls(config.DATA_DIR, hosts, { schoolName: config.SCHOOL_NAME });
  console.log(instructions(result, { port: config.PORT }));
} catch (err) {
  console.error(`tls:local: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
