/** The one place tests learn about an external PostgreSQL (CI sets it; `npm test` alone does not). */
export function testDatabaseUrl(): string | undefined {
  return process.env['TEST_DATABASE_URL'] || undefined;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
