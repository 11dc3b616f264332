/** Names and URLs of the PostgreSQL databases the server tests make from TEST_DATABASE_URL. */
/** Each run's template is this prefix and a random suffix (global-setup.ts). */
export const TEMPLATE_PREFIX = 'school_ops_test_template_';

/** The same server URL with another database name. */
export function adminUrl(url: string, database?: string): string {
  const u = new URL(url);
  if (database) u.pathname = `/${database}`;
  return u.toString();
}
