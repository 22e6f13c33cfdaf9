/** Draws a standalone SVG into a canvas (through a data URL, so the canvas stays untainted) and returns a PNG. */
export async function svgToPng(svgText: string, scale = 2): Promise<Blob> {
  const img = new Image();
  const loaded = new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('the diagram could not be turned into an image'));
  });
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  await loaded;
  const w = Math.max(1, Math.ceil(img.naturalWidth || img.width));
  const h = Math.max(1, Math.ceil(img.naturalHeight || img.height));
  const canvas = document.createElement('canvas');
  canvas.width = w * scale;
  canvas.height = h * scale;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('this browser cannot draw images');
  ctx.fillStyle = getComputedStyle(document.documentElement).getPropertyValue('--panel').trim() || '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0, w, h);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG export failed'))), 'image/png'));
}
