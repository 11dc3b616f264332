/** Names and URLs of the PostgreSQL databases the server tests make from TEST_DATABASE_URL. */
export const TEMPLATE_DB = 'school_ops_test_template';

/** The same server URL with another database name. */
export function adminUrl(url: string, database?: string): string {
  const u = new URL(url);
  if (database) u.pathname = `/${database}`;
  return u.toString();
}
