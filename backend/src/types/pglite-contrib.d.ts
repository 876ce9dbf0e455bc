// PGlite publishes its contrib extensions through package "exports", which this project's `moduleResolution: node`
// does not read; this points the type checker at the same files Node loads.
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  export * from '@electric-sql/pglite/dist/contrib/pg_trgm';
}
