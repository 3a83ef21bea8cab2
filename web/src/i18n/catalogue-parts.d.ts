// A language's catalogue in the part the first screens need or in the rest, cut at build time
// from its one whole file (catalogue-split.ts, web/vite.config.ts; Jest reads the whole file).
declare module '*.json?first' {
  const part: import('./catalogue-split').Catalogue;
  export default part;
}

declare module '*.json?rest' {
  const part: import('./catalogue-split').Catalogue;
  export default part;
}
