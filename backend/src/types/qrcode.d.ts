// qrcode ships no type declarations; this declares the one call the server makes.
declare module 'qrcode' {
  interface ToStringOptions {
    type?: 'svg' | 'utf8' | 'terminal';
    margin?: number;
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
  }
  const QRCode: { toString(text: string, options?: ToStringOptions): Promise<string> };
  export default QRCode;
}
