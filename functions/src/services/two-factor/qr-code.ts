/** The QR code of an otpauth:// URI as an SVG data URL, for the web to show as an image. */
import QRCode from 'qrcode';

export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
