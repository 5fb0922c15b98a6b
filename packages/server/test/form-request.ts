/**
 * Multipart requests for app.inject, built by the platform's own FormData (as a browser sends
 * them), and a small real PNG: for the photo and voice routes.
 */
import sharp from 'sharp';

export type FormFile = [field: string, data: Buffer, type: string];

export async function formRequest(url: string, fields: Record<string, string>, file: FormFile) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set(file[0], new Blob([new Uint8Array(file[1])], { type: file[2] }), 'f');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return {
    method: 'POST' as const,
    url,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

export const pngImage = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
