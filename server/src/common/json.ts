/** JSON as stored in the JSON columns (job payloads and results, audit before/after); shared by every module. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
