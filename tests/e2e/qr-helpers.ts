/** Reads the QR codes the screens draw (Pix BR Codes, bill and payment links) as a phone's camera would. */
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect } from './fixtures';

/** Decodes the QR image (a PNG data URL) shown on the page under that accessible name. */
export async function readQr(page: Page, name: string): Promise<string> {
  const src = await page.getByRole('img', { name }).getAttribute('src');
  const png = PNG.sync.read(Buffer.from(src!.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(code, 'QR code not readable').not.toBeNull();
  return code!.data;
}
