/** Types of seed-sql.mjs for the TypeScript end-to-end tests that use it. */
export function insertContents(db: { query(sql: string): Promise<unknown> }, table: string): Promise<void>;
