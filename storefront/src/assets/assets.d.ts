/** An image file imported by a module: webpack emits it and the import is its URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}

/** The URL prefix of the build's files at run time (webpack's public path; the server render sets it). */
// eslint-disable-next-line no-var
declare var __webpack_public_path__: string;
