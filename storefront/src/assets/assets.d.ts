/** An image file imported by a module: webpack emits it and the import is its URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
