/** The directory schema's tables; each area declares its own in data/<area>.tables.ts and is listed here. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DirectoryDB {}
