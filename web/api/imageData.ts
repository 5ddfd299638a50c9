// Converts photos for the API: blobs to data URLs (optionally downscaled, since analysis and suggestions do not
// need full resolution and JSON bodies are limited), and the server's data URLs back to blobs.

export async function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsDataURL(blob);
  });
}

export async function dataUrlToBlob(dataUrl: string): Promise<Blob> {
  return (await fetch(dataUrl)).blob();
}

/** A JPEG no larger than maxSide on its longer side; smaller photos are re-encoded as they are. */
export async function downscaledJpeg(blob: Blob, maxSide: number): Promise<Blob> {
  const probe = await createImageBitmap(blob);
  const scale = Math.min(1, maxSide / Math.max(probe.width, probe.height));
  const width = Math.max(1, Math.round(probe.width * scale));
  const height = Math.max(1, Math.round(probe.height * scale));
  probe.close();
  const bitmap = await createImageBitmap(blob, {
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: 'high',
  });
  try {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
  } finally {
    bitmap.close();
  }
}
